import { z, type ZodError, type ZodType, type output } from 'zod';
import { validationFailed } from '../errors';

/** Per-field messages from a zod error; the first message per field wins (forms show one). */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Parses input with a schema whose messages are the spec's; a failure is a 400 with per-field errors. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw validationFailed(Object.values(errors)[0] ?? 'Invalid request', errors);
}

/** A required form text: trimmed, and the spec's message when missing, not a string, or blank. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** An optional form text: trimmed, '' when absent. */
export const optionalText = () => z.string().trim().optional().default('');
