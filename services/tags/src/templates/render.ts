import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { createCanvas, GlobalFonts, loadImage, Path2D, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import {
  canvasPainter, drawAppClip, drawTemplate, qrSymbol, type AppClipOptions, type Canvas2D, type FontFace, type Layer, type PaintImage, type Painter, type QrSymbol,
} from '@seatside/template-render';

const requireHere = createRequire(__filename);

/** A shipped font file's path (the @fontsource package's `files/`). */
export const fontPath = (face: Pick<FontFace, 'packageName' | 'file'>) => requireHere.resolve(`${face.packageName}/files/${face.file}`);

const registered = new Set<string>();
/** Registers a face with Skia under its alias, once (the same files the browser loads). */
export function ensureFace(face: FontFace) {
  if (registered.has(face.alias)) return;
  GlobalFonts.registerFromPath(fontPath(face), face.alias);
  registered.add(face.alias);
}

/** The canvas painter on a @napi-rs/canvas context, with the fonts registered as they are used. */
export function nodeCanvasPainter(ctx: SKRSContext2D): Painter {
  const painter = canvasPainter(ctx as unknown as Canvas2D, { path: (d) => new Path2D(d), fillPath: (path) => ctx.fill(path as Path2D) });
  return {
    ...painter,
    measureText(text, face, size) {
      ensureFace(face);
      return painter.measureText(text, face, size);
    },
    fillText(text, x, y, face, size, color) {
      ensureFace(face);
      painter.fillText(text, x, y, face, size, color);
    },
  };
}

/** QR symbols by text and level, a bounded memo (a print run draws each tag's code once, previews repeat). */
export function qrMemo(max = 2000) {
  const memo = new Map<string, QrSymbol>();
  return (text: string, level: 'L' | 'M' | 'Q' | 'H'): QrSymbol => {
    const key = `${level}\n${text}`;
    let symbol = memo.get(key);
    if (!symbol) {
      symbol = qrSymbol(text, level);
      if (memo.size >= max) memo.delete(memo.keys().next().value as string);
      memo.set(key, symbol);
    }
    return symbol;
  };
}

/** Image bytes for a layer's `src`: `data:` URLs and links on the platform's own origin; nothing else is fetched. */
export type ImageLoader = (src: string) => Promise<Buffer | undefined>;

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export function imageLoader(publicUrl: string, fetchImpl: typeof fetch = fetch): ImageLoader {
  return async (src) => {
    if (!src) return undefined;
    const data = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(src);
    if (data) return Buffer.from(data[1]!, 'base64');
    const url = src.startsWith('/') ? `${publicUrl}${src}` : src;
    if (!url.startsWith(`${publicUrl}/`)) return undefined;
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) return undefined;
      const body = Buffer.from(await res.arrayBuffer());
      return body.length <= MAX_IMAGE_BYTES ? body : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The decoded images of a template's image layers (with their variables filled). */
export async function decodeImages(srcs: Iterable<string>, load: ImageLoader): Promise<Map<string, Image>> {
  const out = new Map<string, Image>();
  for (const src of new Set(srcs)) {
    const bytes = await load(src);
    if (!bytes) continue;
    try {
      out.set(src, await loadImage(bytes));
    } catch {
      // Not an image: the layer draws nothing.
    }
  }
  return out;
}

export const paintImageOf = (image: Image): PaintImage => ({ width: image.width, height: image.height, source: image });

/** A template (or any layers) as a PNG of its own pixel size, on white. Same input, same bytes. */
export function renderPng(
  template: { width: number; height: number; layers: Layer[] },
  values: ReadonlyMap<string, string>,
  images: ReadonlyMap<string, Image>,
  qr: (text: string, level: 'L' | 'M' | 'Q' | 'H') => QrSymbol = qrSymbol,
): Buffer {
  const canvas = createCanvas(Math.round(template.width), Math.round(template.height));
  const painter = nodeCanvasPainter(canvas.getContext('2d'));
  drawTemplate(painter, template, {
    values,
    qr,
    background: '#ffffff',
    image: (src) => {
      const image = images.get(src);
      return image ? paintImageOf(image) : undefined;
    },
  });
  return canvas.toBuffer('image/png');
}

/** `/appclip/{code}`: the app clip badge alone, `size` pixels across, on a transparent background. */
export function renderAppClipPng(link: string, options: Pick<AppClipOptions, 'background' | 'foreground' | 'logo' | 'type'>, size: number, qr = qrSymbol): Buffer {
  const canvas = createCanvas(size, size);
  drawAppClip(nodeCanvasPainter(canvas.getContext('2d')), { ...options, opacity: 1, rotate: 0, topLeftBorder: 0, topRightBorder: 0, bottomRightBorder: 0, bottomLeftBorder: 0 }, size, size, link, qr);
  return canvas.toBuffer('image/png');
}

export const strongEtag = (...parts: (string | number)[]) => `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32)}"`;
