#!/usr/bin/env node
// Reads a PDF the way a person checks a print: each page's text (pdf.js) and the QR codes on it,
// rendered at 150 DPI (@napi-rs/canvas) and decoded by jsQR. Prints JSON {pages: [{text, qr, size}]}.
// Usage: node services/tags/test/read-pdf.mjs <file.pdf> (ESM, so the CommonJS specs run it as a process).
import { readFile } from 'node:fs/promises';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(await readFile(process.argv[2]));
const pdf = await getDocument({ data, disableFontFace: true, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  const text = content.items.map((item) => item.str).join(' ').replace(/\s+/g, ' ').trim();
  const viewport = page.getViewport({ scale: 150 / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: ctx, canvas, viewport }).promise;
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const qr = jsQR(image.data, image.width, image.height)?.data ?? null;
  pages.push({ text, qr, size: [page.view[2], page.view[3]] });
}
console.log(JSON.stringify({ pages }));
