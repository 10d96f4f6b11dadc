import type { FontFace } from './fonts';
import { rgbaOf, type Paint, type PaintImage, type Painter, type Radii } from './painter';

/**
 * The part of the 2D canvas API the painter uses: the browser's CanvasRenderingContext2D and the
 * server's @napi-rs/canvas context both have it.
 */
export interface Canvas2D {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  globalAlpha: number;
  fillStyle: unknown;
  font: string;
  textBaseline: string;
  textAlign: string;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number, ccw?: boolean): void;
  arcTo(x1: number, y1: number, x2: number, y2: number, r: number): void;
  closePath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(rule?: 'nonzero' | 'evenodd'): void;
  clip(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  drawImage(image: never, x: number, y: number, w: number, h: number): void;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): { addColorStop(offset: number, color: string): void };
  createRadialGradient(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): { addColorStop(offset: number, color: string): void };
}

/** The environment's Path2D from an SVG path (both the browser and @napi-rs/canvas have one). */
export type PathMaker = (d: string) => unknown;

const cssColor = (color: string) => {
  const [r, g, b, a] = rgbaOf(color);
  return `rgba(${r}, ${g}, ${b}, ${a})`;
};

function roundedRect(c: Canvas2D, x: number, y: number, w: number, h: number, [tl, tr, br, bl]: Radii) {
  c.beginPath();
  if (!tl && !tr && !br && !bl) {
    c.rect(x, y, w, h);
    return;
  }
  c.moveTo(x + tl, y);
  c.lineTo(x + w - tr, y);
  if (tr) c.arcTo(x + w, y, x + w, y + tr, tr);
  c.lineTo(x + w, y + h - br);
  if (br) c.arcTo(x + w, y + h, x + w - br, y + h, br);
  c.lineTo(x + bl, y + h);
  if (bl) c.arcTo(x, y + h, x, y + h - bl, bl);
  c.lineTo(x, y + tl);
  if (tl) c.arcTo(x, y, x + tl, y, tl);
  c.closePath();
}

/** A Painter on a 2D canvas; `path` builds a Path2D from an SVG path, and `fillPath` fills it. */
export function canvasPainter(c: Canvas2D, env: { path: PathMaker; fillPath: (path: unknown) => void }): Painter {
  const paths = new Map<string, unknown>();
  const fontOf = (face: FontFace, size: number) => `${size}px "${face.alias}"`;
  const styleOf = (paint: Paint): unknown => {
    if (paint.kind === 'color') return cssColor(paint.color);
    const g = paint.kind === 'linear' ? c.createLinearGradient(paint.x0, paint.y0, paint.x1, paint.y1) : c.createRadialGradient(paint.cx, paint.cy, 0, paint.cx, paint.cy, paint.r);
    for (const stop of paint.stops) g.addColorStop(stop.offset, cssColor(stop.color));
    return g;
  };
  c.textBaseline = 'alphabetic';
  c.textAlign = 'left';
  return {
    save: () => c.save(),
    restore: () => c.restore(),
    translate: (x, y) => c.translate(x, y),
    rotate: (a) => c.rotate(a),
    opacity: (alpha) => {
      c.globalAlpha *= alpha;
    },
    clipRoundedRect(x, y, w, h, radii) {
      roundedRect(c, x, y, w, h, radii);
      c.clip();
    },
    fillRoundedRect(x, y, w, h, radii, paint) {
      roundedRect(c, x, y, w, h, radii);
      c.fillStyle = styleOf(paint);
      c.fill();
    },
    fillRects(rects, color) {
      c.fillStyle = cssColor(color);
      c.beginPath();
      for (let i = 0; i + 3 < rects.length; i += 4) c.rect(rects[i]!, rects[i + 1]!, rects[i + 2]!, rects[i + 3]!);
      c.fill();
    },
    fillCircle(cx, cy, r, color) {
      c.fillStyle = cssColor(color);
      c.beginPath();
      c.arc(cx, cy, Math.max(0, r), 0, Math.PI * 2);
      c.fill();
    },
    strokeCircle(cx, cy, r, width, color) {
      c.fillStyle = cssColor(color);
      c.beginPath();
      c.arc(cx, cy, r + width / 2, 0, Math.PI * 2);
      c.arc(cx, cy, Math.max(0, r - width / 2), 0, Math.PI * 2, true);
      c.fill('evenodd');
    },
    fillPath(d, x, y, sx, sy, color) {
      let path = paths.get(d);
      if (!path) paths.set(d, (path = env.path(d)));
      c.save();
      c.translate(x, y);
      (c as unknown as { scale(x: number, y: number): void }).scale(sx, sy);
      c.fillStyle = cssColor(color);
      env.fillPath(path);
      c.restore();
    },
    measureText(text, face, size) {
      c.font = fontOf(face, size);
      return c.measureText(text).width;
    },
    fillText(text, x, y, face, size, color) {
      c.font = fontOf(face, size);
      c.fillStyle = cssColor(color);
      c.fillText(text, x, y);
    },
    drawImage(image: PaintImage, x, y, w, h) {
      c.drawImage(image.source as never, x, y, w, h);
    },
  };
}
