import fc from 'fast-check';
import { MAX_AMOUNT_MINOR } from './money';

// For the money property specs of every service: what an attacker may send as an amount, and the
// oracle for what it means, worked out with strings and bigints (never Number arithmetic).

/** Numbers of every kind: any double, subnormals, −0, 1e308, exponent forms, amounts near the maximum. */
export const anyMoneyNumber = fc.oneof(
  fc.double(),
  fc.double({ min: -1, max: 1 }),
  fc.constantFrom(0, -0, 1e-7, 5e-324, Number.MIN_VALUE, 2.2250738585072014e-308, 1e308, -1e308, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 1e21, 0.1 + 0.2, 1.005, 999_999.99, 1_000_000, NaN, Infinity, -Infinity),
  fc.integer({ min: -1, max: MAX_AMOUNT_MINOR + 1 }).map((minor) => minor / 100),
  fc.integer({ min: 0, max: 200 }).chain((digits) => fc.integer({ min: -330, max: 310 }).map((exponent) => Number(`${digits}e${exponent}`))),
);

/** Texts: numbers written every way a form or a script may, and junk. */
export const anyMoneyText = fc.oneof(
  anyMoneyNumber.map(String),
  anyMoneyNumber.map((n) => (Number.isFinite(n) ? n.toExponential() : String(n))),
  anyMoneyNumber.map((n) => (Number.isFinite(n) ? n.toFixed(Math.abs(n) < 1e21 ? 3 : 0) : String(n))),
  fc.constantFrom('', '  ', '1e-7', '1E2', '+5', '-0', '.5', '5.', '0x10', '1_000', '12,50', 'NaN', 'Infinity', 'abc', '1e99999999999999999999', '1e-400', '00012.50'),
  fc.string(),
);

/** Anything a JSON body may hold where an amount goes (NaN and ±Infinity arrive as null over JSON). */
export const anyMoneyInput = fc.oneof(anyMoneyNumber, anyMoneyText, fc.constantFrom(null, true, false, {}, [], [5]));

/** Any input, or an amount of whole cents in `min..max` (as a number or its text), so a property also sees some taken. */
export const moneyInputOrCents = (min: number, max: number) =>
  fc.oneof(anyMoneyInput, fc.integer({ min, max }).chain((cents) => fc.constantFrom<unknown>(cents / 100, (cents / 100).toFixed(2))));

/** An input as it travels in JSON: NaN and ±Infinity become null. */
export const asSent = (input: unknown): unknown => JSON.parse(JSON.stringify([input]))[0];

/**
 * The exact value of a JSON number or text in minor units, or undefined when it is no finite decimal
 * of whole cents. A value as JSON carries it: a non-finite number is null, so not an amount.
 */
export function exactMinorOf(input: unknown): bigint | undefined {
  if (typeof input !== 'number' && typeof input !== 'string') return undefined;
  if (typeof input === 'number' && !Number.isFinite(input)) return undefined;
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = BigInt(`${whole}${fraction}`);
  if (digits === 0n) return 0n;
  if (Math.abs(Number(exponent)) > 400) return undefined;
  const shift = Number(exponent) + 2 - fraction.length;
  if (shift < 0 && digits % 10n ** BigInt(-shift) !== 0n) return undefined; // finer than a cent
  const minor = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
  return sign === '-' ? -minor : minor;
}

/** Whether an input is an amount a field takes: whole cents, 0 (or 1 when positive) up to `max`. */
export const isAcceptableAmount = (input: unknown, { positive = false, maxMinor = MAX_AMOUNT_MINOR } = {}): boolean => {
  const exact = exactMinorOf(input);
  return exact !== undefined && exact >= (positive ? 1n : 0n) && exact <= BigInt(maxMinor);
};

/** The major-unit number an accepted input should be answered as. */
export const majorOfInput = (input: unknown): number => Number(exactMinorOf(input)) / 100;

/** Every `…Minor` amount (and every amount under `keys`) anywhere in a value: the stored amounts to check. */
export function amountsIn(value: unknown, keys: readonly string[] = [], path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => amountsIn(item, keys, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = `${path}.${key}`;
    const own: [string, unknown][] = key.endsWith('Minor') || keys.includes(key) ? [[here, inner]] : [];
    return [...own, ...(inner !== null && typeof inner === 'object' ? amountsIn(inner, keys, here) : [])];
  });
}

/** Amounts that are not a finite number of 0 or more (NaN, null, negative, text): none may ever be stored or answered. */
export const badAmounts = (value: unknown, keys: readonly string[] = []): [string, unknown][] =>
  amountsIn(value, keys).filter(([, amount]) => !(typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 && !Object.is(amount, -0)));
