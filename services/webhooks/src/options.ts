import { z } from 'zod';
import type { WebhooksOptions } from './index';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** What the webhooks service reads beyond the chassis: set by env in both topologies (README, Configuration). */
export const webhooksConfigFields = {
  /** PEM RSA private key signing `x-seatside-signature`; unset: one generated once and kept (sealed) in the webhooks schema. */
  WEBHOOKS_SIGNING_KEY: z.string().optional(),
  /** `true`: receivers on loopback and private addresses are allowed (tests, local development). Never in production. */
  WEBHOOKS_ALLOW_PRIVATE: flag,
  /** Seals webhook secrets and bearer tokens at rest (the identity service's key ring setting). */
  DATA_ENCRYPTION_KEY: z.string().optional(),
};

export function webhooksOptionsFrom(config: { DATA_DIR: string } & Partial<z.output<z.ZodObject<typeof webhooksConfigFields>>>): WebhooksOptions {
  return {
    dataDir: config.DATA_DIR,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE ?? false,
    ...(config.WEBHOOKS_SIGNING_KEY?.trim() ? { signingKeyPem: config.WEBHOOKS_SIGNING_KEY.replace(/\\n/g, '\n') } : {}),
    ...(config.DATA_ENCRYPTION_KEY?.trim() ? { dataEncryptionKey: config.DATA_ENCRYPTION_KEY } : {}),
  };
}
