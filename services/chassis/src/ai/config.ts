import { z } from 'zod';

/** An env text where '' means unset (compose files often pass empty variables). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** The model used when OPENAI_MODEL is unset. */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

/**
 * The AI port's settings, for every service that uses it (chat drafts and auto-answers, voice
 * ordering, catalog tools): extend a service's config schema with these fields.
 */
export const aiConfigFields = {
  /** Unset: the AI is not configured, and every AI feature says so (never a canned answer). */
  OPENAI_API_KEY: optionalText,
  /** Another OpenAI-compatible API origin, with its `/v1` (a local fake in specs, a proxy, another vendor). */
  OPENAI_BASE_URL: optionalText.pipe(z.string().url().optional()),
  /** The chat model; default `gpt-4o-mini`. */
  OPENAI_MODEL: optionalText,
};

export const aiConfigSchema = z.object(aiConfigFields);

export interface AiOptions {
  apiKey?: string;
  baseURL?: string;
  model?: string;
}

/** From a parsed env (a service alone, or the embedded gateway). */
export function aiOptionsFrom(config: Partial<z.output<typeof aiConfigSchema>>): AiOptions {
  return {
    ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
    ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
    ...(config.OPENAI_MODEL ? { model: config.OPENAI_MODEL } : {}),
  };
}
