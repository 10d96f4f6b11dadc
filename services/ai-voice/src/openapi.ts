import { z } from 'zod';
import type { ServiceApiDoc } from '@seatside/chassis';

/** The ai-voice service's /v1 operations (`POST /api/ai/order/vertex`, the seed's path, is in docs/voice-api.md). */
export const voiceApi: ServiceApiDoc = {
  tag: 'ai-voice',
  description: 'Voice ordering: a short-lived order token per page visit (docs/voice-api.md).',
  operations: [
    {
      route: 'POST /v1/merchants/:merchantId/voice/token',
      summary: 'An order token for voice ordering at this merchant (no sign-in; rate-limited per client)',
      public: true,
      query: z.object({ testMode: z.enum(['true', 'false']).optional().describe('true: a sandbox token (the sandbox site orders from the sandbox catalog)') }),
      status: 200,
      response: z.object({ token: z.string(), expiresAt: z.string(), sampleRate: z.number() }),
      errors: ['ai_not_configured'],
    },
  ],
};
