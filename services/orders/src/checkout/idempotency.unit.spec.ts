import fc from 'fast-check';
import { canonicalJson, requestHash } from './idempotency';

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
