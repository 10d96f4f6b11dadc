// Precompression for production builds: a Brotli (`.br`) and a gzip (`.gz`) file beside every JS,
// CSS, HTML, SVG and JSON asset a build emits, at maximum quality (once per build, so the gateway
// only picks the file: gateway/src/precompressed.ts). A variant that is not smaller than the file
// is not written. Plain ESM, used by every frontend through frontendConfig (federation.mjs).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The assets worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(m?js|css|html|svg|json)$/;

/** The encodings written, each as its suffix and compressor at maximum quality. */
const VARIANTS = [
  ['.br', (data) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })],
  ['.gz', (data) => gzip(data, { level: 9 })],
];

/** Writes `file.br` and `file.gz` beside `file` where they are smaller; answers the suffixes written. */
export async function precompressFile(file) {
  const data = await fs.readFile(file);
  const written = [];
  for (const [suffix, compress] of VARIANTS) {
    const target = file + suffix;
    const encoded = await compress(data);
    if (encoded.length < data.length) {
      await fs.writeFile(target, encoded);
      written.push(suffix);
    } else {
      await fs.rm(target, { force: true });
    }
  }
  return written;
}

/** The compressible files under `dir`, recursively. */
async function compressibleFiles(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * An rspack plugin: once a production build's files are written, precompresses every compressible
 * file of the output folder - the build's assets and the copied public files (rsbuild copies those
 * before compiling) alike.
 */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('SeatsidePrecompress', async () => {
      if (compiler.options.mode !== 'production') return;
      await Promise.all((await compressibleFiles(compiler.outputPath)).map(precompressFile));
    });
  }
}
