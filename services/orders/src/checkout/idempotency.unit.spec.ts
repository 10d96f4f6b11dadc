import fc from 'fast-check';
import { canonicalJson, checkoutKeyOf, openAnswer, requestHash, sealAnswer } from './idempotency';

describe('canonicalJson and requestHash', () => {
  it('given one body with keys in another order, then the same text and hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
  });

  it('given another value anywhere, then another hash', () => {
    expect(requestHash({ tip: 0 })).not.toBe(requestHash({ tip: 1 }));
    expect(requestHash({ lineItems: [1, 2] })).not.toBe(requestHash({ lineItems: [2, 1] }));
  });

  it('given any JSON value, then canonical text parses back to an equal value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }));
  });
});

describe('sealAnswer and openAnswer', () => {
  const answer = { id: 'o1', statusToken: 'raw-token-123', payment: { paymentIntentId: 'pi_1' } };

  it('given an answer sealed with a key, when opened with the same key, then the very answer, fields in their order; the sealed one holds no token', () => {
    const key = checkoutKeyOf('joes', 'my-key');
    const sealed = sealAnswer(answer, key);
    expect(JSON.stringify(sealed)).not.toContain('raw-token-123');
    expect(JSON.stringify(openAnswer(sealed, key))).toBe(JSON.stringify(answer));
  });

  it('given another key (or merchant), then it does not open', () => {
    const sealed = sealAnswer(answer, checkoutKeyOf('joes', 'my-key'));
    expect(() => openAnswer(sealed, checkoutKeyOf('joes', 'other-key'))).toThrow();
    expect(() => openAnswer(sealed, checkoutKeyOf('bobs', 'my-key'))).toThrow();
  });

  it('given a key, then what is stored of it is its hash, never the key', () => {
    expect(checkoutKeyOf('joes', 'my-key').id).toMatch(/^joes\/sha256:[0-9a-f]{64}$/);
  });

  it('given an answer stored by an earlier version (key id and seal derived as then), then it still opens and its key is found', () => {
    const key = checkoutKeyOf('joes', 'my-key');
    expect(key.id).toBe('joes/sha256:5e78863ed1ffb9fc66b1d61634b126bf8eb20267e7996297eeeb9b19c8c0f732');
    const stored = { id: 'o1', sealedStatusToken: 'WIv9FjTdymWoGAvp50pjiU0f8Y2jaj18IC7-uED5dmOrnQvyc4ihZCc' };
    expect(openAnswer(stored, key)).toEqual({ id: 'o1', statusToken: 'raw-token-123' });
    expect(requestHash({ a: 1 })).toBe('015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
  });

  it('given two answers sealed with one key, then their sealed tokens differ (a fresh IV each)', () => {
    const key = checkoutKeyOf('joes', 'my-key');
    expect(sealAnswer(answer, key).sealedStatusToken).not.toBe(sealAnswer(answer, key).sealedStatusToken);
  });
});
