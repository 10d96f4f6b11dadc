import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { createCanvas, type Image } from '@napi-rs/canvas';
import { drawTemplate, rgbaOf, type FontFace, type Layer, type Paint, type PaintImage, type Painter, type QrSymbol, type Radii } from '@seatside/template-render';
import { fontPath } from './render';

/** PDF points per template pixel: templates are CSS pixels, 96 to the inch; PDF has 72. */
export const PT_PER_PX = 72 / 96;
/** Raster parts (image layers) are resampled to 300 dots per inch of their printed size. */
export const RASTER_DPI = 300;
const PT_PER_MM = 72 / 25.4;
/** The sheet's margin around the grid of labels (a quarter inch). */
const SHEET_MARGIN = 18;

export const PAPERS = { A4: [595.28, 841.89], Letter: [612, 792] } as const;
export type Paper = keyof typeof PAPERS | 'label';

/** Bezier handle length for a quarter circle. */
const KAPPA = 0.5522847498;

type Doc = PDFKit.PDFDocument;
/** pdfkit's opened image (its typings do not name it). */
type PdfImage = unknown;
/** pdfkit takes an [r, g, b] colour; its typings say string. */
const rgbColour = (rgb: [number, number, number]) => rgb as unknown as string;

function roundedPath(doc: Doc, x: number, y: number, w: number, h: number, [tl, tr, br, bl]: Radii) {
  if (!tl && !tr && !br && !bl) return doc.rect(x, y, w, h);
  doc.moveTo(x + tl, y).lineTo(x + w - tr, y);
  if (tr) doc.bezierCurveTo(x + w - tr + tr * KAPPA, y, x + w, y + tr - tr * KAPPA, x + w, y + tr);
  doc.lineTo(x + w, y + h - br);
  if (br) doc.bezierCurveTo(x + w, y + h - br + br * KAPPA, x + w - br + br * KAPPA, y + h, x + w - br, y + h);
  doc.lineTo(x + bl, y + h);
  if (bl) doc.bezierCurveTo(x + bl - bl * KAPPA, y + h, x, y + h - bl + bl * KAPPA, x, y + h - bl);
  doc.lineTo(x, y + tl);
  if (tl) doc.bezierCurveTo(x, y + tl - tl * KAPPA, x + tl - tl * KAPPA, y, x + tl, y);
  return doc.closePath();
}

/**
 * A Painter on a pdfkit document: text stays text (the fonts embedded, subset), QR codes, shapes,
 * gradients, glyphs and icons are vector paths; only image layers are raster.
 */
export function pdfPainter(doc: Doc): Painter {
  const fonts = new Set<string>();
  const alphas: number[] = [1];
  let alpha = 1;
  const useFont = (face: FontFace, size: number) => {
    if (!fonts.has(face.alias)) {
      doc.registerFont(face.alias, fontPath(face));
      fonts.add(face.alias);
    }
    doc.font(face.alias).fontSize(size);
  };
  const colour = (color: string): [[number, number, number], number] => {
    const [r, g, b, a] = rgbaOf(color);
    return [[r, g, b], a * alpha];
  };
  const fillWith = (paint: Paint, rule?: 'even-odd') => {
    if (paint.kind === 'color') {
      const [rgb, a] = colour(paint.color);
      doc.fillColor(rgbColour(rgb), a).fill(rule);
      return;
    }
    const g = paint.kind === 'linear' ? doc.linearGradient(paint.x0, paint.y0, paint.x1, paint.y1) : doc.radialGradient(paint.cx, paint.cy, 0, paint.cx, paint.cy, paint.r);
    for (const stop of paint.stops) {
      const [rgb, a] = colour(stop.color);
      g.stop(stop.offset, rgbColour(rgb), a);
    }
    doc.fill(g);
  };
  return {
    save() {
      doc.save();
      alphas.push(alpha);
    },
    restore() {
      doc.restore();
      alpha = alphas.pop() ?? 1;
    },
    translate: (x, y) => void doc.translate(x, y),
    rotate: (a) => void doc.rotate((a * 180) / Math.PI, { origin: [0, 0] }),
    opacity(a) {
      alpha *= a;
    },
    clipRoundedRect(x, y, w, h, radii) {
      roundedPath(doc, x, y, w, h, radii).clip();
    },
    fillRoundedRect(x, y, w, h, radii, paint) {
      roundedPath(doc, x, y, w, h, radii);
      fillWith(paint);
    },
    fillRects(rects, color) {
      if (!rects.length) return;
      for (let i = 0; i + 3 < rects.length; i += 4) doc.rect(rects[i]!, rects[i + 1]!, rects[i + 2]!, rects[i + 3]!);
      fillWith({ kind: 'color', color });
    },
    fillCircle(cx, cy, r, color) {
      doc.circle(cx, cy, Math.max(0, r));
      fillWith({ kind: 'color', color });
    },
    strokeCircle(cx, cy, r, width, color) {
      doc.circle(cx, cy, r + width / 2).circle(cx, cy, Math.max(0, r - width / 2));
      fillWith({ kind: 'color', color }, 'even-odd');
    },
    fillPath(d, x, y, sx, sy, color) {
      doc.save();
      doc.translate(x, y).scale(sx, sy);
      doc.path(d);
      fillWith({ kind: 'color', color });
      doc.restore();
    },
    measureText(text, face, size) {
      useFont(face, size);
      return doc.widthOfString(text);
    },
    fillText(text, x, y, face, size, color) {
      useFont(face, size);
      const [rgb, a] = colour(color);
      doc.fillColor(rgbColour(rgb), a).text(text, x, y, { lineBreak: false, baseline: 'alphabetic' });
    },
    drawImage(image: PaintImage, x, y, w, h) {
      const source = image.source as { pdf: (w: number, h: number) => PdfImage | undefined };
      const embedded = source.pdf(w, h);
      if (!embedded) return;
      doc.save();
      doc.opacity(alpha);
      doc.image(embedded as unknown as Buffer, x, y, { width: w, height: h });
      doc.restore();
    },
  };
}

/**
 * Image layers in print: each decoded image resampled once to 300 DPI of the size it prints at
 * (never above its own pixels' worth), embedded once per document and reused on every label.
 */
export function printImages(doc: Doc, decoded: ReadonlyMap<string, Image>, scale: number) {
  const embedded = new Map<string, PdfImage>();
  return (src: string): PaintImage | undefined => {
    const image = decoded.get(src);
    if (!image) return undefined;
    return {
      width: image.width,
      height: image.height,
      source: {
        pdf: (w: number, h: number) => {
          const inches = (n: number) => (n * PT_PER_PX * scale) / 72;
          const pw = Math.max(1, Math.min(image.width, Math.round(inches(w) * RASTER_DPI)));
          const ph = Math.max(1, Math.min(image.height, Math.round(inches(h) * RASTER_DPI)));
          const key = `${src}\n${pw}x${ph}`;
          let out = embedded.get(key);
          if (!out) {
            const canvas = createCanvas(pw, ph);
            canvas.getContext('2d').drawImage(image, 0, 0, pw, ph);
            out = (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(canvas.toBuffer('image/png'));
            embedded.set(key, out);
          }
          return out;
        },
      },
    };
  };
}

export interface PrintLayout {
  page: [number, number];
  perPage: number;
  cols: number;
  rows: number;
  /** Points per template pixel on the sheet (≤ 0.75: a label larger than its cell is scaled down). */
  scale: number;
  bleed: number;
  /** Each label's cell origin (top left of its bleed box) on the page, in points. */
  cells: [number, number][];
}

/** Labels on a sheet: the grid (cols × rows ≥ perPage) that prints them largest, centred; `label` paper is the label itself plus its bleed. */
export function printLayout(template: { width: number; height: number }, paper: Paper, perPage: number, bleedMm: number): PrintLayout {
  const bleed = bleedMm * PT_PER_MM;
  const lw = template.width * PT_PER_PX;
  const lh = template.height * PT_PER_PX;
  if (paper === 'label') return { page: [lw + 2 * bleed, lh + 2 * bleed], perPage: 1, cols: 1, rows: 1, scale: PT_PER_PX, bleed, cells: [[0, 0]] };
  const [pw, ph] = PAPERS[paper];
  const aw = pw - 2 * SHEET_MARGIN;
  const ah = ph - 2 * SHEET_MARGIN;
  let best = { cols: 1, rows: perPage, k: 0 };
  for (let cols = 1; cols <= perPage; cols++) {
    const rows = Math.ceil(perPage / cols);
    const k = Math.min(1, aw / (cols * (lw + 2 * bleed)), ah / (rows * (lh + 2 * bleed)));
    if (k > best.k) best = { cols, rows, k };
  }
  const cw = (lw + 2 * bleed) * best.k;
  const ch = (lh + 2 * bleed) * best.k;
  const x0 = (pw - best.cols * cw) / 2;
  const y0 = (ph - best.rows * ch) / 2;
  const cells: [number, number][] = [];
  for (let i = 0; i < perPage; i++) cells.push([x0 + (i % best.cols) * cw, y0 + Math.floor(i / best.cols) * ch]);
  return { page: [pw, ph], perPage, cols: best.cols, rows: best.rows, scale: PT_PER_PX * best.k, bleed: bleed * best.k, cells };
}

export interface PrintJob {
  template: { width: number; height: number; layers: Layer[]; title: string };
  layout: PrintLayout;
  /** The labels' variable values, one map per label, in order. */
  labels: AsyncIterable<ReadonlyMap<string, string>>;
  images: ReadonlyMap<string, Image>;
  qr: (text: string, level: 'L' | 'M' | 'Q' | 'H') => QrSymbol;
  /** The client went away: stop at the next label. */
  gone?: () => boolean;
}

/** The next of these events on `out` (its listeners removed after: a long print waits thousands of times). */
const nextOf = (out: Writable, events: string[]) =>
  new Promise<void>((resolve) => {
    const done = () => {
      for (const e of events) out.off(e, done);
      resolve();
    };
    for (const e of events) out.on(e, done);
  });

/** Bytes pdfkit may hold before the writer waits for the client. */
const PDF_BUFFER = 1 << 20;

/**
 * Writes the PDF to `out` page after page: each label is drawn into its cell, a page is closed (and
 * its bytes leave pdfkit) when the next one starts, and the writer waits whenever the client has not
 * taken what was written, so memory stays flat however many labels there are. Answers the labels drawn.
 */
export async function writePrint(out: Writable, job: PrintJob): Promise<number> {
  const { layout, template } = job;
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: template.title, Producer: 'Seatside' } });
  doc.pipe(out);
  const painter = pdfPainter(doc);
  const image = printImages(doc, job.images, layout.scale / PT_PER_PX);
  const bleedPx = layout.bleed / layout.scale;
  let drawn = 0;
  const roomy = async () => {
    while (!out.destroyed && (out.writableNeedDrain || doc.readableLength > PDF_BUFFER)) {
      if (out.writableNeedDrain) await nextOf(out, ['drain', 'close']);
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  for await (const values of job.labels) {
    if (job.gone?.() || out.destroyed) break;
    const slot = drawn % layout.perPage;
    if (slot === 0) doc.addPage({ size: layout.page, margin: 0 });
    const [cx, cy] = layout.cells[slot]!;
    doc.save();
    doc.translate(cx + layout.bleed, cy + layout.bleed).scale(layout.scale);
    doc.rect(-bleedPx, -bleedPx, template.width + 2 * bleedPx, template.height + 2 * bleedPx).clip();
    drawTemplate(painter, template, { values, qr: job.qr, image });
    doc.restore();
    drawn++;
    if (slot === layout.perPage - 1) await roomy();
  }
  if (drawn === 0) doc.addPage({ size: layout.page, margin: 0 });
  const ended = nextOf(out, ['finish', 'close']);
  doc.end();
  await ended;
  return drawn;
}
