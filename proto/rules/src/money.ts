/**
 * Money, the one algorithm services and frontends share (docs/ARCHITECTURE.md, "One rule, one
 * place"). APIs speak major units (`12.5` = $12.50, as a JSON number or a decimal text, as forms send
 * either); events, read models and arithmetic keep integer minor units (cents).
 *
 * An input is parsed once, by `parseMoney`, into integer minor units: taken only when it is a finite
 * decimal with at most two places, of 0 or more and at most `MAX_AMOUNT_MINOR`; nothing is rounded,
 * so what is stored is what was asked. A computed or stored major amount becomes cents through
 * `roundToMinor` (through its decimal text: 1.005 is 101 and 0.1 + 0.2 is 30, on the server and in
 * the browser alike), and `formatMinor` shows cents in the merchant's currency.
 */

/** The largest amount any money field takes: 999,999.99 in major units (docs/catalog-api.md, docs/orders-api.md). */
export const MAX_AMOUNT_MINOR = 99_999_999;
/** `MAX_AMOUNT_MINOR` as messages show it. */
export const MAX_AMOUNT_TEXT = '999,999.99';

/** Integer minor units to major units, for answers. */
export const toMajor = (minor: number): number => minor / 100;

/** Why an input is not an amount. */
export type MoneyRefusal = 'missing' | 'invalid' | 'negative' | 'tooPrecise' | 'tooLarge' | 'notPositive';
export type MoneyParse = { ok: true; minor: number } | { ok: false; refusal: MoneyRefusal };

export interface MoneyRules {
  /** null or a blank text: missing (the default), or 0 (settings forms save blank as 0). */
  blank?: 'missing' | 'zero';
  /** 0 is refused (`notPositive`): a refund, a service's price. */
  positive?: boolean;
  /** Below `MAX_AMOUNT_MINOR` for a field with a smaller maximum. */
  maxMinor?: number;
}

/** A decimal as digits (no leading or trailing zeros; '' is zero) and how many of them are fraction digits (may be negative). */
type Decimal = { negative: boolean; digits: string; scale: number };

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** A JSON number's or a text's decimal value, exactly; undefined when it is no finite decimal. */
function decimalOf(input: unknown): Decimal | undefined {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return undefined;
    text = String(input); // the shortest text that reads back as this number: 0.29, 1e-7, 1e+308
  } else if (typeof input === 'string') text = input.trim();
  else return undefined;
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const shift = Math.max(-1000, Math.min(1000, Number(exponent))); // beyond ±1000 any digit is far out of range either way
  const all = `${whole}${fraction}`.replace(/^0+/, '');
  const digits = all.replace(/0+$/, '');
  return { negative: sign === '-', digits, scale: fraction.length - shift - (all.length - digits.length) };
}

/** Digits beyond 15 no longer fit a safe integer; anything that long is far above any maximum. */
const MAX_MINOR_DIGITS = 15;

/** The one money parser: an input as integer minor units, or why it is refused. */
export function parseMoney(input: unknown, rules: MoneyRules = {}): MoneyParse {
  const blank = input === null || (typeof input === 'string' && input.trim() === '');
  if (input === undefined || blank) return blank && rules.blank === 'zero' ? { ok: true, minor: 0 } : { ok: false, refusal: 'missing' };
  const decimal = decimalOf(input);
  if (!decimal) return { ok: false, refusal: 'invalid' };
  const { negative, digits, scale } = decimal;
  if (digits === '') return rules.positive ? { ok: false, refusal: 'notPositive' } : { ok: true, minor: 0 }; // −0 is 0
  if (negative) return { ok: false, refusal: 'negative' };
  if (scale > 2) return { ok: false, refusal: 'tooPrecise' };
  if (digits.length + (2 - scale) > MAX_MINOR_DIGITS) return { ok: false, refusal: 'tooLarge' };
  const minor = Number(`${digits}${'0'.repeat(2 - scale)}`);
  if (minor > Math.min(rules.maxMinor ?? MAX_AMOUNT_MINOR, MAX_AMOUNT_MINOR)) return { ok: false, refusal: 'tooLarge' };
  return { ok: true, minor };
}

/**
 * A major-unit number that is not an input (a stored or computed one) as minor units, rounded to the
 * nearest cent, halves away from zero, through its decimal text (1.005 is 101, not 100; 1e-7 is 0,
 * never NaN). Throws on a non-finite number and on one beyond a safe integer of cents.
 */
export function roundToMinor(major: number): number {
  const decimal = decimalOf(major);
  if (!decimal) throw new RangeError(`Not a finite amount: ${String(major)}`);
  const { negative, digits, scale } = decimal;
  if (digits === '') return 0;
  const cut = Math.max(0, scale - 2);
  const kept = cut === 0 ? `${digits}${'0'.repeat(2 - scale)}` : digits.slice(0, Math.max(0, digits.length - cut));
  const next = cut === 0 ? 0 : Number(digits[digits.length - cut] ?? '0');
  const magnitude = Number(kept || '0') + (next >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`Amount out of range: ${String(major)}`);
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€' };

/** The sign money fields show before an amount: 'USD' → '$', 'EUR' → '€', another currency by its code. */
export const currencySymbol = (currency: string | undefined | null): string => CURRENCY_SYMBOLS[currency || 'USD'] ?? String(currency);

/** 1950, 'USD' → '$19.50' (seed 002 §9: USD prefix $, EUR prefix €; another currency by its code). */
export function formatMinor(minor: number, currency = 'USD'): string {
  const cents = Number.isFinite(minor) ? Math.round(minor) : 0;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return `${sign}${CURRENCY_SYMBOLS[currency] ?? `${currency} `}${text}`;
}

/** A major amount shown in a currency: 19.5, 'USD' → '$19.50' (rounded as `roundToMinor`; 0 when not finite). */
export const formatMajor = (major: number, currency = 'USD'): string => formatMinor(Number.isFinite(major) ? roundToMinor(major) : 0, currency);
