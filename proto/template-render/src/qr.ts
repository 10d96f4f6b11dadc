import QRCode from 'qrcode';

export interface QrSymbol {
  size: number;
  get(row: number, col: number): number | boolean;
}

/**
 * A link's QR symbol: one byte-mode segment (a URL is bytes anyway; the tags service's /qr images
 * draw the same symbol), the same in the browser and on the server.
 */
export const qrSymbol = (text: string, level: 'L' | 'M' | 'Q' | 'H'): QrSymbol =>
  QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: level }).modules;

/**
 * The dark modules as rectangles (runs along each row merged), in a box of `side` pixels with
 * `margin` light modules around the symbol.
 */
export function qrRects(symbol: QrSymbol, side: number, margin: number): { rects: number[]; module: number } {
  const module = side / (symbol.size + margin * 2);
  const rects: number[] = [];
  for (let row = 0; row < symbol.size; row++) {
    let start = -1;
    for (let col = 0; col <= symbol.size; col++) {
      const dark = col < symbol.size && symbol.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        rects.push((start + margin) * module, (row + margin) * module, (col - start) * module, module);
        start = -1;
      }
    }
  }
  return { rects, module };
}
