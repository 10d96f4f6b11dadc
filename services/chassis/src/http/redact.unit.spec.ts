import fc from 'fast-check';
import { REDACTED, redactBody, redactText, redactUrl, redactValue } from './redact';

const base64url = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split('')), minLength: 8, maxLength: 43 });
const apiKey = fc.tuple(fc.constantFrom('sk_test_', 'sk_live_'), base64url).map(([prefix, body]) => prefix + body);

/** A Luhn-valid card number of 13 to 19 digits. */
const cardNumber = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }).map((digits) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits[digits.length - 1 - i]!;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return [...digits, (10 - (sum % 10)) % 10].join('');
});

const plain = fc.string({ unit: fc.constantFrom(...'abcdefghij klmnop.,:;!?{}[]"'.split('')), maxLength: 30 });

describe('redaction of stored requests', () => {
  it('given any text with an API key inside, when redacted, then the key is gone and the text around it stays', () => {
    fc.assert(
      fc.property(plain, apiKey, plain, (before, key, after) => {
        const out = redactText(`${before} ${key} ${after}`);
        expect(out).not.toContain(key);
        expect(out).toContain(REDACTED);
        expect(out.startsWith(before)).toBe(true);
      }),
    );
  });

  it('given any JSON document with keys and card numbers anywhere, when its body is redacted, then none of them remains', () => {
    const secretLeaf = fc.oneof(apiKey, cardNumber, cardNumber.map((n) => n.replace(/(\d{4})(?=\d)/g, '$1 ')));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, plain, fc.integer(), fc.boolean(), secretLeaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(
      fc.property(json, secretLeaf, (doc, secret) => {
        const body = JSON.stringify({ doc, nested: { deeper: [secret] } });
        const out = redactBody(body);
        expect(out).not.toContain(secret);
        const secrets: string[] = [];
        JSON.parse(body, (_k, v: unknown) => (typeof v === 'string' && /sk_|\d{13}/.test(v) && secrets.push(v), v));
        for (const found of secrets) if (/^sk_(test|live)_/.test(found)) expect(out).not.toContain(found);
      }),
    );
  });

  it('given secret-named properties (authorization, password, apiKey, card data), when redacted, then their values are replaced and the names kept', () => {
    const doc = {
      headers: { Authorization: 'Bearer abc', 'x-api-key': 'whatever' },
      password: 'hunter2',
      newPassword: 'hunter3',
      apiKey: 'my-key',
      card: { number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: 2030, last4: '4242' },
      amount: 1250,
      title: 'Lunch',
    };
    expect(redactValue(doc)).toEqual({
      headers: { Authorization: REDACTED, 'x-api-key': REDACTED },
      password: REDACTED,
      newPassword: REDACTED,
      apiKey: REDACTED,
      card: { number: REDACTED, cvc: REDACTED, exp_month: REDACTED, exp_year: REDACTED, last4: '4242' },
      amount: 1250,
      title: 'Lunch',
    });
  });

  it("given a checkout's answer (a POS placing orders with its API key), when its body is redacted, then the status token, shown once and kept elsewhere only as its SHA-256, is not stored", () => {
    const answer = JSON.stringify({ id: 'o1', orderCode: 'PE378A', status: 'PLACED', message: 'Order placed', statusToken: 'Glzo0fIILCxjk89BLGJ0TeGQ5MAm1tfl' });
    expect(JSON.parse(redactBody(answer))).toEqual({ id: 'o1', orderCode: 'PE378A', status: 'PLACED', message: 'Order placed', statusToken: REDACTED });
  });

  it('given ordinary numbers and texts (prices, ids, phone numbers), when redacted, then they are left as they are', () => {
    expect(redactValue({ price: 12.5, total: 4242, phone: '+1 415 555 0100', id: 'abc-123', sku: '1234567890123' })).toEqual({
      price: 12.5, total: 4242, phone: '+1 415 555 0100', id: 'abc-123', sku: '1234567890123',
    });
  });

  it('given a card number as a JSON number, when redacted, then it is replaced', () => {
    expect(redactValue({ n: 4242424242424242 })).toEqual({ n: REDACTED });
  });

  it('given a body that is not JSON or was cut short, when redacted, then keys and secret-named pairs are still hidden', () => {
    const key = 'sk_live_abcdefghijklmnop';
    const out = redactBody(`{"password":"hunter2","apiKey":"${key}","note":"cut sh`);
    expect(out).not.toContain('hunter2');
    expect(out).not.toContain(key);
    expect(out).toContain('"note":"cut sh');
    expect(redactBody('password=hunter2&name=Ada')).toBe(`password=${REDACTED}&name=Ada`);
  });

  it('given a URL with a key in its query, when redacted, then the value is hidden and the rest kept', () => {
    expect(redactUrl('/v1/merchants/m1/products?limit=10&api_key=sk_test_abcdefgh')).toBe(`/v1/merchants/m1/products?limit=10&api_key=${encodeURIComponent(REDACTED)}`);
    expect(redactUrl('/v1/merchants/m1/products?limit=10')).toBe('/v1/merchants/m1/products?limit=10');
  });

  it('given a JWT or a webhook secret in a response, when redacted, then it is replaced', () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    expect(redactBody(JSON.stringify({ note: `use ${jwt}`, signing: 'whsec_abc123' }))).toBe(JSON.stringify({ note: `use ${REDACTED}`, signing: REDACTED }));
  });

  it('given any JSON body, compact or spaced, with or without secrets, when redacted, then the answer is the full walk\'s (the pass that skips it changes nothing)', () => {
    const name = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('password', 'api_key', 'title', 'Card-Number', 'exp', 'e', 'id'));
    const leaf = fc.oneof(plain, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), apiKey, cardNumber, fc.constant('a\\"b'), fc.constant(1e21));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(name, tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(
      fc.property(json, fc.constantFrom(undefined, 2), (doc, indent) => {
        const body = JSON.stringify({ doc }, null, indent);
        expect(redactBody(body)).toBe(JSON.stringify(redactValue(JSON.parse(body))));
      }),
      { numRuns: 500 },
    );
    const deep = `${'['.repeat(70)}1${']'.repeat(70)}`;
    expect(redactBody(deep)).toBe(JSON.stringify(redactValue(JSON.parse(deep))));
  });
});
