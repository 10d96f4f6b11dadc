import type { FontFace } from './fonts';

/** A fill: a colour (`#rgb`, `#rrggbb`, `#rrggbbaa`) or a gradient in the layer's coordinates. */
export type Paint =
  | { kind: 'color'; color: string }
  | { kind: 'linear'; x0: number; y0: number; x1: number; y1: number; stops: GradientStop[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; stops: GradientStop[] };

export type GradientStop = { offset: number; color: string };

/** Corner radii, clockwise from the top left. */
export type Radii = [number, number, number, number];

/** A decoded image: its natural size and whatever the painter draws it from. */
export interface PaintImage {
  width: number;
  height: number;
  source: unknown;
}

/**
 * What drawTemplate draws on: a 2D canvas (the designer's and the server's PNG, canvas.ts) or a PDF
 * page (the tags service's pdfkit painter). Coordinates are pixels, y down; angles in radians,
 * clockwise; text sits on its alphabetic baseline.
 */
export interface Painter {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  /** Multiplies the current opacity. */
  opacity(alpha: number): void;
  clipRoundedRect(x: number, y: number, w: number, h: number, radii: Radii): void;
  fillRoundedRect(x: number, y: number, w: number, h: number, radii: Radii, paint: Paint): void;
  /** Many rectangles in one colour: `[x, y, w, h, x, y, w, h, …]` (a QR code's modules). */
  fillRects(rects: readonly number[], color: string): void;
  fillCircle(cx: number, cy: number, r: number, color: string): void;
  /** A ring between radii `r - width / 2` and `r + width / 2`. */
  strokeCircle(cx: number, cy: number, r: number, width: number, color: string): void;
  /** An SVG path's `d`, scaled by (sx, sy) then moved to (x, y). */
  fillPath(d: string, x: number, y: number, sx: number, sy: number, color: string): void;
  measureText(text: string, face: FontFace, size: number): number;
  fillText(text: string, x: number, y: number, face: FontFace, size: number, color: string): void;
  drawImage(image: PaintImage, x: number, y: number, w: number, h: number): void;
}

/** `#rgb`, `#rrggbb` or `#rrggbbaa` as [r, g, b, alpha 0–1]. */
export function rgbaOf(color: string): [number, number, number, number] {
  const hex = color.replace(/^#/, '');
  const full = hex.length === 3 || hex.length === 4 ? [...hex].map((d) => d + d).join('') : hex;
  const n = (i: number) => parseInt(full.slice(i, i + 2), 16) || 0;
  return [n(0), n(2), n(4), full.length === 8 ? n(6) / 255 : 1];
}
