import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';
import { createAi } from '@seatside/chassis/src/ai';
import { voiceRouter } from './http';
import { voiceMigrations } from './migrations';
import { voiceApi } from './openapi';
import { defaultVoiceOptions, type VoiceOptions } from './options';
import { httpPlatform, type Platform } from './platform';
import { orderTokenVerifier, tokenKey } from './token';

export { voiceConfigFields, voiceConfigSchema, voiceOptionsFrom, defaultVoiceOptions, type VoiceOptions } from './options';
export { ORDER_TOKEN_PREFIX, orderTokenPassThrough } from './token';
export type { VoiceOrder } from './order';

/**
 * AI voice ordering (seed 000 §2, §7): the diner speaks, the AI port transcribes, a model with tools
 * bound to the merchant's live menu changes the cart, the orders quote prices it, and the reply is
 * spoken back as 24 kHz audio. The menu and the prices come through the gateway's public routes
 * (`platform` replaces them in specs).
 */
export function createAiVoiceService(options: Partial<VoiceOptions> = {}, platform?: Platform): ServiceModule {
  const resolved = defaultVoiceOptions(options);
  return {
    name: 'ai-voice',
    api: voiceApi,
    migrations: voiceMigrations,
    create(deps) {
      const ai = createAi(resolved.ai, { maxRetries: 1, timeoutMs: 30_000 });
      const key = tokenKey(deps.pool, deps.schema);
      const router = Router().use(voiceRouter({ deps, ai, options: resolved, platform: platform ?? httpPlatform(resolved.apiUrl), key }));
      return { name: 'ai-voice', router, collections: [], verifiers: [orderTokenVerifier(key, deps.now)] };
    },
  };
}

/** The service on its defaults (no AI key: voice ordering answers that it is not configured). */
export const aiVoiceService: ServiceModule = createAiVoiceService();
