import { Transform, type TransformCallback } from 'node:stream';

/** The page's audio (seed 000 §9): 24 kHz mono. */
export const SAMPLE_RATE = 24_000;

/**
 * OpenAI's `pcm` speech (signed 16-bit little-endian) as raw 32-bit float little-endian samples in
 * [-1, 1), chunk by chunk as it arrives; a byte split across chunks is carried to the next one.
 */
export function pcm16ToFloat32(): Transform {
  let carry: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const samples = Math.floor(bytes.length / 2);
      carry = bytes.length % 2 ? bytes.subarray(bytes.length - 1) : undefined;
      if (samples === 0) return done();
      // Typed arrays on little-endian hosts (every Node target): one pass, no per-sample calls.
      const pcm = new Int16Array(samples);
      new Uint8Array(pcm.buffer).set(bytes.subarray(0, samples * 2));
      const out = new Float32Array(samples);
      for (let i = 0; i < samples; i += 1) out[i] = pcm[i]! / 32768;
      done(null, Buffer.from(out.buffer));
    },
  });
}
