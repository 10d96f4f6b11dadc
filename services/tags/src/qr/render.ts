import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { settingsKey, type QrSettings } from './params';
import { qrPng } from './png';

export interface QrImage {
  body: Buffer;
  contentType: string;
  /** Strong: a hash of the link and the settings, which fully decide the bytes. */
  etag: string;
}

/** qrcode takes `#rgb`, `#rrggbb` or `#rrggbbaa`. */
const hexColour = (hex: string) => `#${hex}`;

/**
 * Renders a link as a QR image: the qrcode package draws the symbol (and the SVG text); a PNG is
 * written by png.ts from the symbol's modules, many times faster than the package's own PNG.
 */
export async function renderQr(link: string, s: QrSettings): Promise<Buffer> {
  if (s.format === 'svg') {
    const options = { errorCorrectionLevel: s.errorCorrectionLevel, margin: s.margin, width: s.size, color: { dark: hexColour(s.color), light: hexColour(s.background) } };
    return Buffer.from(await QRCode.toString(link, { ...options, type: 'svg' }), 'utf8');
  }
  return renderQrPng(link, s);
}

/** The PNG, synchronously (a few milliseconds of CPU). */
export function renderQrPng(link: string, s: QrSettings): Buffer {
  // One byte-mode segment: a URL is bytes anyway, and the package's search for the best mix of
  // segments (a graph search per call) is most of its time and garbage.
  const { modules } = QRCode.create([{ data: Buffer.from(link, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: s.errorCorrectionLevel });
  return qrPng(modules, { width: s.size, margin: s.margin, dark: s.color, light: s.background });
}

export const contentTypeOf = (s: QrSettings) => (s.format === 'svg' ? 'image/svg+xml' : 'image/png');

export const qrEtag = (link: string, s: QrSettings) => `"${createHash('sha256').update(`${link}\n${settingsKey(s)}`).digest('base64url').slice(0, 32)}"`;

/**
 * Rendered images by link and settings, least recently used first out, bounded in bytes (a Map
 * keeps insertion order: a hit is moved to the end). `maxBytes: 0` turns it off (the bench's
 * uncached runs).
 */
export function qrImages(options: { maxBytes: number }) {
  const entries = new Map<string, QrImage>();
  let bytes = 0;
  const inflight = new Map<string, Promise<QrImage>>();

  const remember = (key: string, image: QrImage) => {
    if (image.body.length > options.maxBytes) return;
    entries.set(key, image);
    bytes += image.body.length;
    for (const [oldest, old] of entries) {
      if (bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= old.body.length;
    }
  };

  return {
    async get(link: string, s: QrSettings): Promise<QrImage> {
      const key = `${link}\n${settingsKey(s)}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      // The same image asked for twice at once is rendered once.
      let pending = inflight.get(key);
      if (!pending) {
        pending = renderQr(link, s).then((body) => ({ body, contentType: contentTypeOf(s), etag: qrEtag(link, s) }));
        inflight.set(key, pending);
        void pending.then((image) => options.maxBytes > 0 && remember(key, image), () => undefined).finally(() => inflight.delete(key));
      }
      return pending;
    },
    get bytes() {
      return bytes;
    },
    enabled: options.maxBytes > 0,
  };
}

export type QrImages = ReturnType<typeof qrImages>;
