import { z } from 'zod';
import { serviceConfigSchema } from '@seatside/chassis/src/config';
import type { TagsOptions } from './index';

/** What the tags service reads beyond the chassis: set by env in both topologies. */
export const tagsConfigFields = {
  /** The web app's origin, which tags' QR codes link to. Default: http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Bytes of rendered QR images kept in memory; 0 turns the cache off. */
  QR_CACHE_BYTES: z.coerce.number().int().min(0).optional(),
};

export const tagsConfigSchema = serviceConfigSchema('tags', 8103).extend(tagsConfigFields);

/** The service's options from its config (the gateway's, embedded; its own, alone). */
export function tagsOptionsFrom(config: { HOST: string; PORT: number } & Partial<z.output<z.ZodObject<typeof tagsConfigFields>>>): TagsOptions {
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  return {
    publicUrl: (config.PUBLIC_URL ?? `http://${host}:${config.PORT}`).replace(/\/$/, ''),
    ...(config.QR_CACHE_BYTES === undefined ? {} : { qrCacheBytes: config.QR_CACHE_BYTES }),
  };
}
