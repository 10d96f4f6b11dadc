import { z, type ZodError, type ZodType, type output } from 'zod';
import { validationFailed } from '../errors';

/** A field's name in a message: 'firstName' → 'First name', 'address.postal_code' → 'Postal code', 'items.0' → 'Items'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((part) => typeof part === 'string' && !/^\d+$/.test(part));
  if (typeof last !== 'string' || last === '') return 'Value';
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The one message of an over-long text, in every service (docs/ARCHITECTURE.md, "Input limits"). */
export const tooLongMessage = (field: string, max: number) => `${field} must be at most ${max} characters`;

/** A body (or query) that is JSON but not an object, such as an array: said in words, not the validator's. */
export const notAnObjectMessage = 'The request body must be a JSON object';

/** What a field of each JSON type must be, in words. */
const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** zod's own wording of a wrong type ('Invalid input: expected array, received string'), which no schema of ours gives. */
const VALIDATOR_TYPE_MESSAGE = /^Invalid input: expected \w+, received \w+$/;

const jsonTypeOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);

/**
 * Whether the caller sent a value (not absent, not null) of another JSON type than the field takes
 * (parseInput asks zod to report the value on each issue); 1.5 for an integer is the right type.
 */
const sentOfAnotherType = (issue: ZodError['issues'][number] & { code: 'invalid_type' }) => {
  if (issue.input === undefined || issue.input === null) return false;
  const sent = jsonTypeOf(issue.input);
  return sent !== issue.expected && !(issue.expected === 'int' && sent === 'number');
};

/**
 * A string over its `.max(n)` is always '<Field> must be at most n characters' (a schema-wide
 * `{ error }`, as `requiredText` sets for the spec's required-field message, would otherwise word it).
 * A value of the wrong type says what the field must be, named in words ('Title must be text',
 * 'Products must be a list'), not in the validator's, and not in the schema's own message: a schema's
 * `{ error }` (`z.string({ error: 'Title is required' })`) words a missing value and a wrong type alike,
 * and {"title": 123} is not missing. A missing or null value, and every other issue, keeps its
 * schema's message (the spec's texts).
 */
const messageOf = (issue: ZodError['issues'][number]) => {
  if (issue.code === 'too_big' && issue.origin === 'string') return tooLongMessage(fieldLabel(issue.path), Number(issue.maximum));
  if (issue.code === 'invalid_type' && (VALIDATOR_TYPE_MESSAGE.test(issue.message) || sentOfAnotherType(issue))) {
    if (issue.path.length === 0 && issue.expected === 'object') return notAnObjectMessage;
    const words = typeWords[issue.expected];
    if (words) return `${fieldLabel(issue.path)} must be ${words}`;
  }
  return issue.message;
};

/** Per-field messages from a zod error; the first message per field wins (forms show one). */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= messageOf(issue);
  }
  return errors;
}

/**
 * Maxima of text fields, for every service's schemas (docs/ARCHITECTURE.md, "Input limits"). A text a
 * read model sorts, searches or filters on is indexed, and PostgreSQL refuses an index row over 2,704
 * bytes: at 3 bytes a character (CJK) 800 characters stay under it, so no indexed text exceeds
 * `indexed`. Texts that are only stored (messages, answers) take up to `long`.
 */
export const TEXT_MAX = {
  name: 200,
  title: 300,
  email: 320,
  phone: 50,
  code: 100,
  id: 200,
  password: 200,
  url: 2048,
  indexed: 800,
  long: 5000,
} as const;

/**
 * Parses input with a schema whose messages are the spec's; a failure is a 400 with per-field errors.
 * Each issue keeps the value it was about (`reportInput`), so a wrong type is told from a missing value.
 */
export function parseInput<S extends ZodType>(schema: S, input: unknown): output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw validationFailed(Object.values(errors)[0] ?? 'Invalid request', errors);
}

/** A required form text: trimmed, and the spec's message when missing, not a string, or blank. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** An optional form text: trimmed, '' when absent. */
export const optionalText = () => z.string().trim().optional().default('');
