import { z } from 'zod';
import { serviceConfigSchema } from '@seatside/chassis/src/config';
import { aiConfigFields, aiOptionsFrom, type AiOptions } from '@seatside/chassis/src/ai';
import type { LiveKitOptions } from './live';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** What the chat service needs beyond the chassis: the AI port and LiveKit. */
export const chatConfigFields = {
  ...aiConfigFields,
  /** The LiveKit server (`wss://…`); with its key and secret, live calls go through it. */
  LIVEKIT_URL: optionalText.pipe(z.string().url().optional()),
  LIVEKIT_API_KEY: optionalText,
  LIVEKIT_API_SECRET: optionalText,
};

export const chatConfigSchema = serviceConfigSchema('chat', 8105).extend(chatConfigFields);

export interface ChatAutoResponseOptions {
  /** How long a client message waits for staff before the AI answers (60 s). */
  delayMs: number;
  /** How often waiting chats are checked. */
  sweepEveryMs: number;
}

export const defaultAutoResponse: ChatAutoResponseOptions = { delayMs: 60_000, sweepEveryMs: 5_000 };

export interface ChatOptions {
  ai: AiOptions;
  livekit?: LiveKitOptions;
  autoResponse: ChatAutoResponseOptions;
}

export function chatOptionsFrom(config: Partial<z.output<z.ZodObject<typeof chatConfigFields>>>): Pick<ChatOptions, 'ai' | 'livekit'> {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = config;
  return { ai: aiOptionsFrom(config), ...(url && apiKey && apiSecret ? { livekit: { url, apiKey, apiSecret } } : {}) };
}
