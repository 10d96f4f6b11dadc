import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import './styles';

export type ChartKind = 'line' | 'scatter' | 'bars' | 'spark';

export interface ChartProps {
  /** The x labels, in order (hours, days, months, weekdays). */
  labels: string[];
  /** One or two series of values (major units). */
  series: { label: string; values: number[]; color: string }[];
  kind: ChartKind;
  height: number;
  /** Formats a value where the cursor is (the merchant's currency). */
  format(value: number): string;
  /** The chart's accessible name. */
  title: string;
}

/**
 * A uPlot chart (uplot: ~20 KB gzipped, canvas, no dependencies; loaded only with the dashboard
 * home). Hovering shows the value at that point in the legend. It follows its box's width.
 */
export function Chart({ labels, series, kind, height, format, title }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const xs = labels.map((_, i) => i);
    const data: AlignedData = [xs, ...series.map((s) => s.values)];
    const spark = kind === 'spark';
    const bars = kind === 'bars' ? uPlot.paths.bars?.({ size: [0.6, 48] }) : undefined;
    const options: Options = {
      width: Math.max(120, el.clientWidth),
      height,
      padding: spark ? [4, 2, 4, 2] : [8, 8, 0, 0],
      legend: { show: true, live: true },
      cursor: { points: { size: 8 }, drag: { x: false, y: false } },
      scales: { x: { time: false, ...(kind === 'bars' || kind === 'scatter' ? { range: [-0.5, Math.max(0.5, xs.length - 0.5)] } : {}) }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max * 1.1)] } },
      axes: spark
        ? [{ show: false }, { show: false }]
        : [
            { values: (_u, splits) => splits.map((v) => labels[Math.round(v)] ?? ''), space: 36, gap: 4, size: 28, font: '11px system-ui, sans-serif' },
            { values: (_u, splits) => splits.map((v) => compact(v)), size: 44, font: '11px system-ui, sans-serif' },
          ],
      series: [
        { label: 'At', value: (_u, v) => (v === null || v === undefined ? '—' : (labels[Math.round(v)] ?? '')) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: spark ? 1.5 : 2,
          fill: kind === 'bars' ? `${s.color}cc` : spark ? `${s.color}22` : undefined,
          value: (_u: uPlot, v: number | null) => (v === null || v === undefined ? '—' : format(v)),
          ...(kind === 'scatter' ? { paths: () => null, points: { show: true, size: 8, fill: s.color } } : {}),
          ...(bars ? { paths: bars, points: { show: false } } : {}),
          ...(kind === 'line' ? { points: { show: true, size: 5 } } : {}),
        })),
      ],
    };
    const plot = new uPlot(options, data, el);
    plot.root.setAttribute('role', 'img');
    plot.root.setAttribute('aria-label', title);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(120, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, kind, height, format, title]);
  return <div className="sw-chart" ref={box} />;
}

function compact(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1_000_000) return `${Math.round(v / 100_000) / 10}M`;
  if (abs >= 1_000) return `${Math.round(v / 100) / 10}k`;
  return String(Math.round(v * 100) / 100);
}
