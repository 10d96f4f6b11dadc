import type { FormInstance } from 'antd/es/form';
// The shared ApiError class and message helper (see session.ts).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ApiError, errorMessage } from '@seatside/ui';
import { withoutProviderPrefix } from './messages';

/**
 * Puts a problem+json answer's per-field messages under the form's fields. Answers whether any
 * field took one; when none did, the caller shows the server's message instead.
 */
export function applyServerErrors<T>(form: FormInstance<T>, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  const known = Object.entries(error.errors).filter(([name]) => fields.includes(name));
  if (known.length === 0) return false;
  form.setFields(known.map(([name, message]) => ({ name: name as never, errors: [message] })));
  return true;
}

/** The server's message for a person, without the identity provider's prefix (001 §8). */
export function serverMessage(error: unknown): string {
  return withoutProviderPrefix(errorMessage(error));
}

/** The HTTP status of a failed call (0 for a network failure or anything else thrown). */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/** The auth widget's submission delay (001 §4: about 0.4 seconds). */
export const SUBMIT_DELAY_MS = 400;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
