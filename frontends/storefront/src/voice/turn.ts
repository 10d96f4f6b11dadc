// The voice page's pure parts (seed 000 §2, §3, §7, §8, §9): the detector's constants by browser, the
// turn's answer read from its headers, the streamed float32 body cut into whole samples, and the
// voice order handed to the storefront's cart. No React, no browser APIs: unit specs cover them.
import { toMinor } from '../domain/money';
import { lineKey, type CartLine, type LineModifier } from '../cart/lines';

/** Seed 000 §9: the reply's audio is 24 kHz mono. */
export const VOICE_SAMPLE_RATE = 24_000;
/** Seed 000 §9: a frame counts as speech from this probability. */
export const SPEECH_THRESHOLD = 0.9;
/** Seed 000 §9: at least this many speech frames make an utterance (fewer is a misfire). */
export const MIN_SPEECH_FRAMES = 4;
/** The detector's model works on frames of this many 16 kHz samples (Silero's legacy model: 96 ms). */
export const FRAME_SAMPLES = 1536;
export const MS_PER_FRAME = FRAME_SAMPLES / 16;

export type Browser = 'safari' | 'firefox' | 'other';

/** The browser family as the detector's constants depend on it (Chrome's UA also says Safari). */
export function browserOf(userAgent: string): Browser {
  if (/firefox\//i.test(userAgent)) return 'firefox';
  if (/safari\//i.test(userAgent) && !/(chrome|chromium|crios|edg|android)\//i.test(userAgent)) return 'safari';
  return 'other';
}

export interface DetectorSettings {
  positiveSpeechThreshold: number;
  negativeSpeechThreshold: number;
  minSpeechMs: number;
  /** Seed 000 §9: 1 processing thread on Safari, 4 elsewhere. */
  numThreads: number;
  /** Seed 000 §9: on Firefox the detector pauses while the reply plays. */
  pauseWhileSpeaking: boolean;
}

export function detectorSettings(browser: Browser): DetectorSettings {
  return {
    positiveSpeechThreshold: SPEECH_THRESHOLD,
    // The detector's own convention: speech ends 0.15 below where it starts.
    negativeSpeechThreshold: SPEECH_THRESHOLD - 0.15,
    minSpeechMs: MIN_SPEECH_FRAMES * MS_PER_FRAME,
    numThreads: browser === 'safari' ? 1 : 4,
    pauseWhileSpeaking: browser === 'firefox',
  };
}

/** Seed 000 §3 "Voice order", as the `order` header carries it (docs/voice-api.md). */
export interface VoiceOrder {
  merchantId: string;
  lineItems: { quantity: number; title: string; images: string[]; price: number; total?: number; productId: string; modifiers: LineModifier[]; options?: string[] }[];
  checkout: { currency: string };
}

/** Seed 000 §3 "Voice message history entry". */
export interface HistoryEntry {
  role: 'user' | 'assistant';
  content: string;
  latency: number;
}

export interface TurnAnswer {
  transcript: string;
  reply: string;
  order: VoiceOrder | null;
}

const decoded = (value: string | null): string | null => {
  if (value === null) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/**
 * The turn's answer from its status and headers; null (dropped silently, seed 000 §8) when it is
 * not ok, or lacks the transcript, the reply or a body.
 */
export function answerOf(ok: boolean, headers: { get(name: string): string | null }, hasBody: boolean): TurnAnswer | null {
  if (!ok || !hasBody) return null;
  const transcript = decoded(headers.get('transcript'));
  const reply = decoded(headers.get('reply'));
  if (!transcript || !reply) return null;
  let order: VoiceOrder | null = null;
  try {
    const parsed = JSON.parse(decoded(headers.get('order')) ?? 'null') as VoiceOrder | null;
    if (parsed && Array.isArray(parsed.lineItems)) order = parsed;
  } catch {
    order = null;
  }
  return { transcript, reply, order };
}

/**
 * Cuts a byte stream of float32 little-endian samples into whole samples, chunk by chunk: a sample
 * split across two chunks is carried to the next one.
 */
export function float32Chunker(): (bytes: Uint8Array) => Float32Array<ArrayBuffer> {
  let carry = new Uint8Array(0);
  return (bytes) => {
    const all = carry.length ? new Uint8Array(carry.length + bytes.length) : bytes;
    if (carry.length) {
      all.set(carry);
      all.set(bytes, carry.length);
    }
    const whole = all.length - (all.length % 4);
    carry = all.slice(whole);
    const view = new DataView(all.buffer, all.byteOffset, whole);
    const samples = new Float32Array(whole / 4);
    for (let i = 0; i < samples.length; i += 1) samples[i] = view.getFloat32(i * 4, true);
    return samples;
  };
}

/** The voice order as the storefront's cart lines (its prices from the orders quote, in minor units). */
export function cartLinesOf(order: VoiceOrder): CartLine[] {
  return order.lineItems.map((line) => ({
    key: lineKey(line.productId, line.modifiers),
    productId: line.productId,
    title: line.title,
    quantity: line.quantity,
    unitPriceMinor: toMinor(line.price),
    modifiers: line.modifiers,
    optionLabels: line.options ?? [],
  }));
}
