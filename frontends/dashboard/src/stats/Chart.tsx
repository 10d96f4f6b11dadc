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
 *
 * The plot is made once per shape (kind, height, title, series) and new figures go in with
 * `setData`: a widget reads again on every stats.updated and on the first join of its room, and a
 * plot made anew under a resting mouse never sees it enter (uPlot follows the cursor from the
 * `.u-over` element's mouseenter/mousemove), so its legend would lose the value being hovered.
 */
export function Chart({ labels, series, kind, height, format, title }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The plot's axis and legend callbacks read the latest labels and format.
  const latest = useRef({ labels, series, format });
  latest.current = { labels, series, format };
  const seriesShape = series.map((s) => `${s.label}\u0000${s.color}`).join('\u0001');
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const spark = kind === 'spark';
    const bars = kind === 'bars' ? uPlot.paths.bars?.({ size: [0.6, 48] }) : undefined;
    const labelAt = (v: number) => latest.current.labels[Math.round(v)] ?? '';
    const options: Options = {
      width: Math.max(120, el.clientWidth),
      height,
      // On the right, room for half the last x label (it is centred on the last point, at the edge).
      padding: spark ? [4, 2, 4, 2] : [8, 24, 0, 0],
      legend: { show: true, live: true },
      cursor: { points: { size: 8 }, drag: { x: false, y: false } },
      scales: {
        x: { time: false, ...(kind === 'bars' || kind === 'scatter' ? { range: (u: uPlot) => [-0.5, Math.max(0.5, u.data[0].length - 0.5)] as [number, number] } : {}) },
        y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max * 1.1)] },
      },
      axes: spark
        ? [{ show: false }, { show: false }]
        : [
            { values: (_u, splits) => splits.map(labelAt), incrs: WHOLE_STEPS, space: 36, gap: 4, size: 28, font: '11px system-ui, sans-serif' },
            { values: (_u, splits) => splits.map((v) => compact(v)), size: 44, font: '11px system-ui, sans-serif' },
          ],
      series: [
        { label: 'At', value: (_u, v) => (v === null || v === undefined ? '—' : labelAt(v)) },
        ...latest.current.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: spark ? 1.5 : 2,
          fill: kind === 'bars' ? `${s.color}cc` : spark ? `${s.color}22` : undefined,
          value: (_u: uPlot, v: number | null) => (v === null || v === undefined ? '—' : latest.current.format(v)),
          ...(kind === 'scatter' ? { paths: () => null, points: { show: true, size: 8, fill: s.color } } : {}),
          ...(bars ? { paths: bars, points: { show: false } } : {}),
          ...(kind === 'line' ? { points: { show: true, size: 5 } } : {}),
        })),
      ],
    };
    const made = new uPlot(options, dataOf(latest.current.labels, latest.current.series), el);
    made.root.setAttribute('role', 'img');
    made.root.setAttribute('aria-label', title);
    plot.current = made;
    const resize = new ResizeObserver(() => made.setSize({ width: Math.max(120, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.current = null;
      made.destroy();
    };
  }, [kind, height, title, seriesShape]);
  // New figures in the same plot: the cursor stays where it is and the legend shows the new value there.
  useEffect(() => {
    plot.current?.setData(dataOf(labels, series));
  }, [labels, series, format]);
  return <div className="sw-chart" ref={box} />;
}

/** The x values are the points' indexes: ticks fall on whole ones only, so each label is shown once. */
const WHOLE_STEPS = [1, 2, 3, 4, 6, 12, 24, 48, 96, 192, 384, 768];

const dataOf = (labels: string[], series: ChartProps['series']): AlignedData => [labels.map((_, i) => i), ...series.map((s) => s.values)];

function compact(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1_000_000) return `${Math.round(v / 100_000) / 10}M`;
  if (abs >= 1_000) return `${Math.round(v / 100) / 10}k`;
  return String(Math.round(v * 100) / 100);
}
