import { z } from 'zod';
import { aiConfigFields, aiOptionsFrom, type AiOptions } from '@seatside/chassis/src/ai';
import { serviceConfigSchema } from '@seatside/chassis/src/config';

/** An env text where '' means unset (compose files often pass empty variables). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** What the ai-voice service reads beyond the chassis (and the AI port's OPENAI_* settings). */
export const voiceConfigFields = {
  ...aiConfigFields,
  /**
   * The gateway origin this service reads the storefront document from and asks for price quotes
   * (the public routes `GET /v1/storefront/{id}` and `POST /v1/merchants/{id}/orders/quote`).
   * Default: the embedded gateway's own address (http://127.0.0.1:{PORT}).
   */
  VOICE_API_URL: optionalText.pipe(z.string().url().optional()),
  /** The transcription model (default `gpt-4o-mini-transcribe`). */
  VOICE_TRANSCRIBE_MODEL: optionalText,
  /** The speech model (default `gpt-4o-mini-tts`) and its voice (default `alloy`). */
  VOICE_SPEECH_MODEL: optionalText,
  VOICE_SPEECH_VOICE: optionalText,
};

/** The ai-voice service alone (port 8108). */
export const voiceConfigSchema = serviceConfigSchema('ai-voice', 8108).extend(voiceConfigFields);

export interface VoiceLimits {
  /** Order tokens one client (IP) may get per window. */
  tokensPerWindow: number;
  /** Turns (POST /api/ai/order/vertex) one client may take per window. */
  turnsPerWindow: number;
  windowMs: number;
}

export interface VoiceOptions {
  ai: AiOptions;
  /** The gateway's origin, no trailing slash. */
  apiUrl: string;
  transcribeModel: string;
  speechModel: string;
  speechVoice: string;
  /** How long an order token is good for. */
  tokenTtlMs: number;
  limits: VoiceLimits;
}

export const defaultVoiceLimits: VoiceLimits = { tokensPerWindow: 20, turnsPerWindow: 30, windowMs: 60_000 };

export const defaultVoiceOptions = (overrides: Partial<VoiceOptions> = {}): VoiceOptions => ({
  ai: {},
  apiUrl: 'http://127.0.0.1:8080',
  transcribeModel: 'gpt-4o-mini-transcribe',
  speechModel: 'gpt-4o-mini-tts',
  speechVoice: 'alloy',
  tokenTtlMs: 15 * 60_000,
  limits: defaultVoiceLimits,
  ...overrides,
});

type VoiceConfig = Partial<z.output<z.ZodObject<typeof voiceConfigFields>>>;

/**
 * From a parsed env: the service alone (the gateway on its default port 8080 unless VOICE_API_URL
 * says otherwise), or the embedded gateway, which passes its own port.
 */
export function voiceOptionsFrom(config: VoiceConfig, gatewayPort = 8080): VoiceOptions {
  return defaultVoiceOptions({
    ai: aiOptionsFrom(config),
    apiUrl: (config.VOICE_API_URL ?? `http://127.0.0.1:${gatewayPort}`).replace(/\/+$/, ''),
    ...(config.VOICE_TRANSCRIBE_MODEL ? { transcribeModel: config.VOICE_TRANSCRIBE_MODEL } : {}),
    ...(config.VOICE_SPEECH_MODEL ? { speechModel: config.VOICE_SPEECH_MODEL } : {}),
    ...(config.VOICE_SPEECH_VOICE ? { speechVoice: config.VOICE_SPEECH_VOICE } : {}),
  });
}
