import { describe, expect, it } from '@jest/globals';
import { answerOf, browserOf, cartLinesOf, detectorSettings, float32Chunker, type VoiceOrder } from './turn';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
const order: VoiceOrder = {
  merchantId: 'm1',
  lineItems: [{ quantity: 2, title: 'Cheeseburger', images: [], price: 8.5, total: 17, productId: 'p1', modifiers: [{ modifierId: 'size', optionIds: ['large'] }], options: ['Large'] }],
  checkout: { currency: 'USD' },
};

describe('voice ordering, the page’s pure parts (seed 000 §2, §8, §9)', () => {
  it('given the browser, then the detector runs at threshold 0.9 with at least 4 frames, 1 thread on Safari and 4 elsewhere, and pauses while speaking on Firefox only', () => {
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    expect([browserOf(safari), browserOf(chrome), browserOf(firefox)]).toEqual(['safari', 'other', 'firefox']);
    expect(detectorSettings('safari')).toEqual({ positiveSpeechThreshold: 0.9, negativeSpeechThreshold: 0.75, minSpeechMs: 4 * 96, numThreads: 1, pauseWhileSpeaking: false });
    expect(detectorSettings('other')).toMatchObject({ numThreads: 4, pauseWhileSpeaking: false });
    expect(detectorSettings('firefox')).toMatchObject({ numThreads: 4, pauseWhileSpeaking: true });
  });

  it('given an ok answer with its url-encoded transcript, reply and order, then they are read; a non-ok answer or one missing any of them is dropped', () => {
    const full = { transcript: encodeURIComponent('Two cheeseburgers, large'), reply: encodeURIComponent('Added two large cheeseburgers. Anything else?'), order: encodeURIComponent(JSON.stringify(order)) };
    expect(answerOf(true, headers(full), true)).toEqual({ transcript: 'Two cheeseburgers, large', reply: 'Added two large cheeseburgers. Anything else?', order });
    expect(answerOf(false, headers(full), true)).toBeNull();
    expect(answerOf(true, headers(full), false)).toBeNull();
    expect(answerOf(true, headers({ ...full, transcript: '' }), true)).toBeNull();
    expect(answerOf(true, headers({ transcript: full.transcript }), true)).toBeNull();
    expect(answerOf(true, headers({ ...full, order: '%E0%A4%A' }), true)).toEqual(expect.objectContaining({ order: null }));
  });

  it('given float32 samples split anywhere across chunks, then every sample comes out whole and in order', () => {
    const samples = new Float32Array([0.5, -0.25, 0.125, -1]);
    const bytes = new Uint8Array(samples.buffer);
    const next = float32Chunker();
    const out = [...next(bytes.subarray(0, 3)), ...next(bytes.subarray(3, 9)), ...next(bytes.subarray(9))];
    expect(out).toEqual([0.5, -0.25, 0.125, -1]);
  });

  it('given a voice order, then the cart lines carry its products, choices and quoted prices in minor units', () => {
    expect(cartLinesOf(order)).toEqual([
      { key: 'p1|size:large', productId: 'p1', title: 'Cheeseburger', quantity: 2, unitPriceMinor: 850, modifiers: [{ modifierId: 'size', optionIds: ['large'] }], optionLabels: ['Large'] },
    ]);
  });
});
