import { z } from 'zod';
import { serviceConfigSchema } from '@seatside/chassis/src/config';

/** An env text where '' means unset (compose files often pass empty variables). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const optionalUrl = optionalText.pipe(z.string().url().optional());

/** What the media service needs beyond the chassis: set by env in both topologies. */
export const mediaConfigFields = {
  /** Where stored objects are served from. Default: {PUBLIC_URL}/v1/media (this service serves them). */
  MEDIA_PUBLIC_URL: optionalUrl,
  /** Set to keep objects in an S3-compatible bucket instead of DATA_DIR/media. */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** MinIO and other self-hosted servers want path-style URLs (`{endpoint}/{bucket}/{key}`). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
};

/**
 * The media service alone. PUBLIC_URL (the web app's origin; form uploads are posted to
 * {PUBLIC_URL}/v1/media/form-upload) is the identity service's field in the embedded gateway.
 */
export const mediaConfigSchema = serviceConfigSchema('media', 8109).extend({ PUBLIC_URL: optionalUrl, ...mediaConfigFields });

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The media service's settings, as `createMediaService` takes them. */
export interface MediaOptions {
  /** Local blobs live under {dataDir}/media. */
  dataDir: string;
  /** Origin of the web app (no trailing slash). */
  publicUrl: string;
  /** Prefix of every object's URL (no trailing slash). */
  mediaPublicUrl: string;
  /** Unset: the local disk store. */
  s3?: S3Options;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export const defaultMediaOptions = (overrides: Partial<MediaOptions> = {}): MediaOptions => {
  const publicUrl = withoutTrailingSlash(overrides.publicUrl ?? 'http://127.0.0.1:8080');
  return {
    dataDir: './.data',
    ...overrides,
    publicUrl,
    mediaPublicUrl: withoutTrailingSlash(overrides.mediaPublicUrl ?? `${publicUrl}/v1/media`),
  };
};

/** From a parsed env (the media service alone, or the embedded gateway). */
export function mediaOptionsFrom(config: { HOST: string; PORT: number; DATA_DIR: string; PUBLIC_URL?: string } & Partial<z.output<z.ZodObject<typeof mediaConfigFields>>>): MediaOptions {
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const s3: S3Options | undefined = config.S3_BUCKET
    ? {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION ?? 'us-east-1',
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
      }
    : undefined;
  return defaultMediaOptions({
    dataDir: config.DATA_DIR,
    publicUrl: config.PUBLIC_URL ?? `http://${host}:${config.PORT}`,
    ...(config.MEDIA_PUBLIC_URL ? { mediaPublicUrl: config.MEDIA_PUBLIC_URL } : {}),
    ...(s3 ? { s3 } : {}),
  });
}
