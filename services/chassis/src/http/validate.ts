import type { ZodError, ZodType, output } from 'zod';
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
