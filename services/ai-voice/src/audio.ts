/** The page's audio (seed 000 §9): 24 kHz mono. */
export const SAMPLE_RATE = 24_000;

/**
 * OpenAI's `pcm` speech (signed 16-bit little-endian) as raw 32-bit float little-endian samples in
 * [-1, 1), chunk by chunk as it arrives; a byte split across chunks is carried to the next one.
 * Returns an empty buffer while a chunk holds no whole sample.
 */
export function pcm16ToFloat32(): (chunk: Uint8Array) => Buffer {
  let carry: Buffer | undefined;
  return (chunk) => {
    const bytes = carry ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const samples = Math.floor(bytes.length / 2);
    carry = bytes.length % 2 ? Buffer.from(bytes.subarray(bytes.length - 1)) : undefined;
    // Typed arrays on little-endian hosts (every Node target): one pass, no per-sample calls.
    const pcm = new Int16Array(samples);
    new Uint8Array(pcm.buffer).set(bytes.subarray(0, samples * 2));
    const out = new Float32Array(samples);
    for (let i = 0; i < samples; i += 1) out[i] = pcm[i]! / 32768;
    return Buffer.from(out.buffer);
  };
}
