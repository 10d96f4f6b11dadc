import OpenAI from 'openai';
import { unavailable, type DomainError } from '../errors';
import { DEFAULT_AI_MODEL, type AiOptions } from './config';

/** What every AI feature answers when no key is set: a plain problem, never a made-up reply. */
export const AI_NOT_CONFIGURED = 'AI is not configured';

/** The AI port with a key: the official SDK's client and the model to ask. */
export interface AiConfigured {
  configured: true;
  client: OpenAI;
  model: string;
}

/** The AI port without a key: no client exists, so no feature can fake an answer. */
export interface AiNotConfigured {
  configured: false;
  /** The sentence the product shows: `AI is not configured`. */
  message: typeof AI_NOT_CONFIGURED;
}

export type Ai = AiConfigured | AiNotConfigured;

/**
 * The AI port: an `openai` SDK client when OPENAI_API_KEY is set (OPENAI_BASE_URL pointing it at
 * another origin, OPENAI_MODEL choosing the model), otherwise a typed 'not configured' value.
 * Routes turn the latter into a 503 problem with `aiNotConfigured()`.
 */
export function createAi(options: AiOptions, extra: { maxRetries?: number; timeoutMs?: number } = {}): Ai {
  if (!options.apiKey) return { configured: false, message: AI_NOT_CONFIGURED };
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: extra.maxRetries ?? 2,
    timeout: extra.timeoutMs ?? 60_000,
  });
  return { configured: true, client, model: options.model ?? DEFAULT_AI_MODEL };
}

/** The problem a route answers when the AI is not configured (503 `AI is not configured`). */
export const aiNotConfigured = (): DomainError => unavailable(AI_NOT_CONFIGURED, 'ai_not_configured');

/** The configured port, or the 'not configured' problem thrown. */
export function requireAi(ai: Ai): AiConfigured {
  if (!ai.configured) throw aiNotConfigured();
  return ai;
}
