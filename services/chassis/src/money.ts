import { z } from 'zod';
import { MAX_AMOUNT_MINOR, parseMoney, type MoneyRefusal, type MoneyRules } from '@seatside/rules';

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

/**
 * What a money field takes, as JSON Schema for the OpenAPI document (the parser itself is
 * `parseMoney`): a JSON number or a decimal text in major units, with the field's bounds. Without
 * it the field was documented as `{}` (anything), and clients generated from the document typed it so.
 */
export function moneyJsonSchema(rules: MoneyRules = {}): Record<string, unknown> {
  const maximum = (rules.maxMinor ?? MAX_AMOUNT_MINOR) / 100;
  const lowest = rules.positive ? 'more than 0' : '0 or more';
  return {
    anyOf: [
      { type: 'number', ...(rules.positive ? { exclusiveMinimum: 0 } : { minimum: 0 }), maximum },
      { type: 'string', description: 'The same amount as decimal text, e.g. "12.50"' },
      ...(rules.blank === 'zero' ? [{ type: 'null', description: 'Taken as 0 (so is blank text)' }] : []),
    ],
    description: `An amount in major units (19.5 is 19.50), ${lowest}, at most 2 decimal places, at most ${formatMajorText(maximum)}; nothing is rounded.`,
    examples: [12.5],
  };
}

const formatMajorText = (major: number) => major.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A money field of a zod schema: the input parsed by `parseMoney`, the output integer minor units. */
export const moneyInput = (messages: MoneyMessages, rules: MoneyRules = {}) =>
  z
    .unknown()
    .transform((input, ctx): number => {
      const parsed = parseMoney(input, rules);
      if (parsed.ok) return parsed.minor;
      ctx.addIssue({ code: 'custom', message: moneyMessageOf(messages, parsed.refusal) });
      return z.NEVER;
    })
    .meta(moneyJsonSchema(rules));
