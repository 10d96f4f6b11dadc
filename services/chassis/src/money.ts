import { z } from 'zod';
import { parseMoney, type MoneyRefusal, type MoneyRules } from '@seatside/rules';

/**
 * Money at the HTTP edge: the zod form of `@seatside/rules`' one parser (`parseMoney`), with each
 * field's messages. The algorithm itself (parse, round, format) lives in `@seatside/rules` so the
 * storefront and dashboard compute cents exactly as the services do.
 */
export {
  formatMajor,
  formatMinor,
  MAX_AMOUNT_MINOR,
  MAX_AMOUNT_TEXT,
  parseMoney,
  roundToMinor,
  toMajor,
  type MoneyParse,
  type MoneyRefusal,
  type MoneyRules,
} from '@seatside/rules';

/**
 * A field's messages (its feature's messages file): `invalid` for what is no number, `tooPrecise`
 * for more than two decimal places, `tooLarge` naming the maximum; the others fall back to `invalid`.
 */
export interface MoneyMessages {
  invalid: string;
  tooPrecise: string;
  tooLarge: string;
  missing?: string;
  negative?: string;
  notPositive?: string;
}

export const moneyMessageOf = (messages: MoneyMessages, refusal: MoneyRefusal): string => messages[refusal] ?? messages.invalid;

/** A money field of a zod schema: the input parsed by `parseMoney`, the output integer minor units. */
export const moneyInput = (messages: MoneyMessages, rules: MoneyRules = {}) =>
  z.unknown().transform((input, ctx): number => {
    const parsed = parseMoney(input, rules);
    if (parsed.ok) return parsed.minor;
    ctx.addIssue({ code: 'custom', message: moneyMessageOf(messages, parsed.refusal) });
    return z.NEVER;
  });
