import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { canvasPainter, drawTemplate, qrSymbol, type Canvas2D, type Layer, type PaintImage, type QrSymbol } from '@seatside/template-render';
import { loadFacesOf } from './fonts';
import { gridPositions, snapAxis, snapEdge } from './snap';

export interface CanvasDoc {
  width: number;
  height: number;
  layers: Layer[];
  gridLines: number;
}

type Gesture = { kind: 'move' | 'resize' | 'rotate'; id: string; startX: number; startY: number; layer: Layer };

/** The layer under a point (template pixels), topmost first, turned back by its rotation. */
export function layerAt(layers: readonly Layer[], x: number, y: number): Layer | undefined {
  for (let i = layers.length - 1; i >= 0; i--) {
    const l = layers[i]!;
    if (l.hidden) continue;
    const cx = l.x + l.width / 2;
    const cy = l.y + l.height / 2;
    const a = (-(l.options.rotate || 0) * Math.PI) / 180;
    const dx = (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a);
    const dy = (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a);
    if (Math.abs(dx) <= l.width / 2 && Math.abs(dy) <= l.height / 2) return l;
  }
  return undefined;
}

const qrMemo = new Map<string, QrSymbol>();
const memoQr = (text: string, level: 'L' | 'M' | 'Q' | 'H') => {
  const key = `${level}\n${text}`;
  let symbol = qrMemo.get(key);
  if (!symbol) {
    if (qrMemo.size > 200) qrMemo.clear();
    qrMemo.set(key, (symbol = qrSymbol(text, level)));
  }
  return symbol;
};

/**
 * The designer's canvas: the template drawn by the shared drawTemplate (as the server draws its PNG
 * and PDF), and over it the selection with its resize and rotate handles. Layers are moved by
 * dragging them; edges snap to the grid lines.
 */
export function TemplateCanvas({
  doc, values, zoom, selectedId, onSelect, onChange, onGestureEnd,
}: {
  doc: CanvasDoc;
  values: ReadonlyMap<string, string>;
  zoom: number;
  selectedId: string | null;
  onSelect(id: string | null): void;
  /** A live change during a gesture. */
  onChange(id: string, patch: Partial<Layer> & { rotate?: number }): void;
  onGestureEnd(): void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [fontsTick, setFontsTick] = useState(0);
  const [imagesTick, setImagesTick] = useState(0);
  const [fontsReady, setFontsReady] = useState(false);
  const images = useRef(new Map<string, HTMLImageElement>());
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  const faceKey = doc.layers.map((l) => (l.type === 'text' ? `${l.options.fontFamily}/${l.options.fontWeight}/${l.options.fontStyle}` : '')).join('|');
  useEffect(() => {
    let live = true;
    setFontsReady(false);
    void loadFacesOf(doc.layers).then(() => {
      if (!live) return;
      setFontsReady(true);
      setFontsTick((t) => t + 1);
    });
    return () => {
      live = false;
    };
    // Only a change of faces needs loading.
  }, [faceKey]);

  const imageOf = useMemo(
    () => (src: string): PaintImage | undefined => {
      let img = images.current.get(src);
      if (!img) {
        img = new Image();
        img.onload = () => setImagesTick((t) => t + 1);
        img.src = src;
        images.current.set(src, img);
      }
      return img.complete && img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight, source: img } : undefined;
    },
    [],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.globalAlpha = 1;
    const painter = canvasPainter(ctx as unknown as Canvas2D, { path: (d) => new Path2D(d), fillPath: (p) => ctx.fill(p as Path2D) });
    drawTemplate(painter, doc, { values, qr: memoQr, image: imageOf, background: '#ffffff' });
  }, [doc, values, fontsTick, imagesTick, dpr, imageOf]);

  const toTemplate = (e: { clientX: number; clientY: number }) => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: (e.clientX - rect.left) / zoom, y: (e.clientY - rect.top) / zoom };
  };

  const start = (kind: Gesture['kind'], layer: Layer, e: ReactPointerEvent) => {
    if (layer.locked) return;
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    gesture.current = { kind, id: layer.id, startX: e.clientX, startY: e.clientY, layer };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const p = toTemplate(e);
    const hit = layerAt(doc.layers, p.x, p.y);
    onSelect(hit?.id ?? null);
    if (hit) start('move', hit, e);
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g) return;
    const dx = (e.clientX - g.startX) / zoom;
    const dy = (e.clientY - g.startY) / zoom;
    const l = g.layer;
    if (g.kind === 'move') {
      onChange(g.id, { x: snapAxis(l.x + dx, l.width, doc.width, doc.gridLines), y: snapAxis(l.y + dy, l.height, doc.height, doc.gridLines) });
    } else if (g.kind === 'resize') {
      const a = ((l.options.rotate || 0) * Math.PI) / 180;
      const lx = dx * Math.cos(a) + dy * Math.sin(a);
      const ly = -dx * Math.sin(a) + dy * Math.cos(a);
      const straight = !l.options.rotate;
      onChange(g.id, {
        width: straight ? snapEdge(l.x, l.width + lx, doc.width, doc.gridLines) : Math.max(1, Math.round(l.width + lx)),
        height: straight ? snapEdge(l.y, l.height + ly, doc.height, doc.gridLines) : Math.max(1, Math.round(l.height + ly)),
      });
    } else {
      const p = toTemplate(e);
      let deg = Math.round((Math.atan2(p.y - (l.y + l.height / 2), p.x - (l.x + l.width / 2)) * 180) / Math.PI + 90);
      if (deg > 180) deg -= 360;
      const nearest = Math.round(deg / 15) * 15;
      if (Math.abs(nearest - deg) <= 3) deg = nearest;
      onChange(g.id, { rotate: deg });
    }
  };

  const onPointerUp = () => {
    if (!gesture.current) return;
    gesture.current = null;
    onGestureEnd();
  };

  const selected = doc.layers.find((l) => l.id === selectedId);
  return (
    <div
      className="tp-stage"
      data-testid="template-stage"
      style={{ width: doc.width * zoom, height: doc.height * zoom }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <canvas
        ref={canvasRef}
        data-testid="template-canvas"
        data-ready={fontsReady ? 'true' : 'false'}
        width={Math.round(doc.width * dpr)}
        height={Math.round(doc.height * dpr)}
        style={{ width: doc.width * zoom, height: doc.height * zoom }}
        aria-label="Template canvas"
      />
      {gridPositions(doc.width, doc.gridLines).map((x) => (
        <div key={`x${x}`} className="tp-grid" data-testid="grid-line" style={{ left: x * zoom, top: 0, width: 1, height: doc.height * zoom }} />
      ))}
      {gridPositions(doc.height, doc.gridLines).map((y) => (
        <div key={`y${y}`} className="tp-grid" style={{ top: y * zoom, left: 0, height: 1, width: doc.width * zoom }} />
      ))}
      {selected && !selected.hidden && (
        <div
          className="tp-sel"
          data-testid="selection"
          data-locked={selected.locked ? 'true' : 'false'}
          style={{
            left: selected.x * zoom, top: selected.y * zoom, width: selected.width * zoom, height: selected.height * zoom,
            transform: selected.options.rotate ? `rotate(${selected.options.rotate}deg)` : undefined,
          }}
        >
          {!selected.locked && (
            <>
              <div className="tp-handle tp-handle-se" data-testid="resize-handle" onPointerDown={(e) => { e.stopPropagation(); start('resize', selected, e); }} />
              <div className="tp-handle tp-handle-rot" data-testid="rotate-handle" onPointerDown={(e) => { e.stopPropagation(); start('rotate', selected, e); }} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
