import { faceOf, familyOf, type FontFace } from './fonts';
import { NFC_GLYPH, CAMERA_GLYPH, CAMERA_LENS } from './glyphs';
import type { Paint, PaintImage, Painter, Radii } from './painter';
import { qrRects, qrSymbol, type QrSymbol } from './qr';
import type { AppClipOptions, CommonOptions, Layer, ShapeOptions, Template, TextLayer } from './types';
import { fillVariables } from './variables';

export interface DrawContext {
  /** `{{key}}` values (variables.ts variableValues). */
  values: ReadonlyMap<string, string>;
  /** A decoded image for an image layer's `src`, or undefined while it is not there (nothing is drawn). */
  image?: (src: string) => PaintImage | undefined;
  /** The QR symbol of a text (memoise it for many renders); default: encoded each time. */
  qr?: (text: string, level: 'L' | 'M' | 'Q' | 'H') => QrSymbol;
  /** Draws the white page first (the PNG preview); a PDF page is white already. */
  background?: string;
}

const radiiOf = (o: CommonOptions, w: number, h: number): Radii => {
  const cap = Math.min(w, h) / 2;
  return [o.topLeftBorder, o.topRightBorder, o.bottomRightBorder, o.bottomLeftBorder].map((r) => Math.max(0, Math.min(r || 0, cap))) as Radii;
};

/**
 * Draws a template, bottom layer first: each layer in its box (x, y, width, height), turned by
 * `rotate` degrees about its centre, at its opacity. The designer's canvas, the PNG preview and the
 * PDF all come from this one routine.
 */
export function drawTemplate(p: Painter, template: Pick<Template, 'width' | 'height' | 'layers'>, ctx: DrawContext): void {
  if (ctx.background) p.fillRoundedRect(0, 0, template.width, template.height, [0, 0, 0, 0], { kind: 'color', color: ctx.background });
  for (const layer of template.layers) {
    if (layer.hidden) continue;
    drawLayer(p, layer, ctx);
  }
}

export function drawLayer(p: Painter, layer: Layer, ctx: DrawContext): void {
  const { width: w, height: h } = layer;
  if (!(w > 0 && h > 0)) return;
  const o = layer.options;
  p.save();
  p.translate(layer.x + w / 2, layer.y + h / 2);
  if (o.rotate) p.rotate((o.rotate * Math.PI) / 180);
  p.translate(-w / 2, -h / 2);
  p.opacity(Math.max(0, Math.min(1, o.opacity ?? 1)));
  const radii = radiiOf(o, w, h);
  switch (layer.type) {
    case 'text':
      drawText(p, layer, ctx);
      break;
    case 'shape':
      p.fillRoundedRect(0, 0, w, h, radii, shapePaint(layer.options, w, h));
      break;
    case 'image': {
      const image = ctx.image?.(fillVariables(layer.options.src, ctx.values));
      if (image && image.width > 0 && image.height > 0) {
        p.clipRoundedRect(0, 0, w, h, radii);
        const scale = layer.options.objectFit === 'cover' ? Math.max(w / image.width, h / image.height) : Math.min(w / image.width, h / image.height);
        const dw = image.width * scale;
        const dh = image.height * scale;
        p.drawImage(image, (w - dw) / 2, (h - dh) / 2, dw, dh);
      }
      break;
    }
    case 'qr': {
      const q = layer.options;
      p.fillRoundedRect(0, 0, w, h, radii, { kind: 'color', color: q.background });
      const text = fillVariables(q.url, ctx.values);
      if (text) {
        const symbol = (ctx.qr ?? qrSymbol)(text, q.errorCorrectionLevel);
        const side = Math.min(w, h);
        p.translate((w - side) / 2, (h - side) / 2);
        p.fillRects(qrRects(symbol, side, q.margin).rects, q.color);
      }
      break;
    }
    case 'icon': {
      const i = layer.options;
      if (i.icon) p.fillPath(i.icon, 0, 0, w / 24, h / 24, i.color);
      break;
    }
    case 'appclip':
      drawAppClip(p, layer.options, w, h, fillVariables('{{url}}', ctx.values), ctx.qr ?? qrSymbol);
      break;
  }
  p.restore();
}

/** CSS's gradient line: 0deg points up, 90deg right; its length reaches the box's far corners. */
export function shapePaint(o: ShapeOptions, w: number, h: number): Paint {
  if (!o.gradient) return { kind: 'color', color: o.color };
  const colors = o.gradientSchema.colors.length ? o.gradientSchema.colors : [o.color];
  const stops = colors.map((color, i) => ({ offset: colors.length === 1 ? 0 : i / (colors.length - 1), color }));
  if (o.gradientSchema.type === 'radial-gradient') return { kind: 'radial', cx: w / 2, cy: h / 2, r: Math.max(o.gradientSchema.px, 0.0001), stops };
  const a = (o.gradientSchema.deg * Math.PI) / 180;
  const half = (Math.abs(w * Math.sin(a)) + Math.abs(h * Math.cos(a))) / 2;
  const dx = Math.sin(a) * half;
  const dy = -Math.cos(a) * half;
  return { kind: 'linear', x0: w / 2 - dx, y0: h / 2 - dy, x1: w / 2 + dx, y1: h / 2 + dy, stops };
}

const transformed = (text: string, t: TextLayer['options']['textTransform']) =>
  t === 'uppercase' ? text.toUpperCase() : t === 'lowercase' ? text.toLowerCase() : text;

/** A text's width with its letter spacing (each character drawn alone when there is spacing). */
export function textWidth(p: Painter, text: string, face: FontFace, size: number, spacing: number): number {
  if (!spacing) return p.measureText(text, face, size);
  let width = 0;
  for (const ch of text) width += p.measureText(ch, face, size) + spacing;
  return text.length ? width - spacing : 0;
}

/** Lines of a text: its own line breaks, then words wrapped to the layer's width (a longer word stays whole). */
export function wrapLines(p: Painter, text: string, face: FontFace, size: number, spacing: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(' ');
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(p, next, face, size, spacing) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** Where a text layer's lines go: the first line box at the layer's top, each baseline in the middle of its line box. */
export function textLayout(p: Painter, layer: TextLayer, values: ReadonlyMap<string, string>) {
  const o = layer.options;
  const face = faceOf(o.fontFamily, o.fontWeight, o.fontStyle);
  const size = o.fontSize;
  const spacing = o.letterSpacing || 0;
  const lineHeight = o.lineHeight > 0 ? o.lineHeight : size * 1.2;
  const { ascent, descent } = familyOf(o.fontFamily);
  const text = transformed(fillVariables(o.text, values), o.textTransform);
  const lines = wrapLines(p, text, face, size, spacing, layer.width).map((line, i) => {
    const width = textWidth(p, line, face, size, spacing);
    const x = o.textAlign === 'center' ? (layer.width - width) / 2 : o.textAlign === 'right' ? layer.width - width : 0;
    const baseline = i * lineHeight + (lineHeight - (ascent + descent) * size) / 2 + ascent * size;
    return { text: line, x, baseline, width };
  });
  return { face, size, spacing, lines };
}

function drawText(p: Painter, layer: TextLayer, ctx: DrawContext) {
  const o = layer.options;
  if (!(o.fontSize > 0)) return;
  const { face, size, spacing, lines } = textLayout(p, layer, ctx.values);
  for (const line of lines) {
    if (!spacing) p.fillText(line.text, line.x, line.baseline, face, size, o.color);
    else {
      let x = line.x;
      for (const ch of line.text) {
        p.fillText(ch, x, line.baseline, face, size, o.color);
        x += p.measureText(ch, face, size) + spacing;
      }
    }
    if (o.textDecoration !== 'none' && line.width > 0) {
      const thickness = Math.max(1, size / 15);
      const y = o.textDecoration === 'underline' ? line.baseline + size * 0.1 : line.baseline - size * 0.3;
      p.fillRects([line.x, y, line.width, thickness], o.color);
    }
  }
}

/**
 * The app clip layer. Apple's App Clip Code encoding is not public, so this draws a circular badge:
 * a ring around the tag's QR code, with the NFC (tap) or camera (scan) glyph below the code and,
 * with `logo: 'badge'`, a small badge at the top of the ring.
 */
export function drawAppClip(p: Painter, o: AppClipOptions, w: number, h: number, link: string, qr: (text: string, level: 'L' | 'M' | 'Q' | 'H') => QrSymbol): void {
  const d = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  p.fillCircle(cx, cy, d / 2, o.background);
  p.strokeCircle(cx, cy, d * 0.44, d * 0.05, o.foreground);
  const side = d * 0.46;
  if (link && !link.includes('{{')) {
    p.save();
    p.translate(cx - side / 2, cy - side / 2 - d * 0.04);
    p.fillRects(qrRects(qr(link, 'M'), side, 0).rects, o.foreground);
    p.restore();
  }
  const glyph = d * 0.12;
  const gx = cx - glyph / 2;
  const gy = cy + side / 2 - d * 0.02;
  if (o.type === 'nfc') p.fillPath(NFC_GLYPH, gx, gy, glyph / 24, glyph / 24, o.foreground);
  else {
    p.fillPath(CAMERA_GLYPH, gx, gy, glyph / 24, glyph / 24, o.foreground);
    p.fillCircle(gx + CAMERA_LENS.cx * (glyph / 24), gy + CAMERA_LENS.cy * (glyph / 24), CAMERA_LENS.r * (glyph / 24), o.background);
  }
  if (o.logo === 'badge') {
    p.fillCircle(cx, cy - d * 0.44, d * 0.07, o.foreground);
    p.fillCircle(cx, cy - d * 0.44, d * 0.035, o.background);
  }
}
