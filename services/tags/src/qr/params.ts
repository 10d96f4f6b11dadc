import { z } from 'zod';
import { fieldErrors, validationFailed } from '@seatside/chassis';
import { qrMessages as m } from './messages';

/** Seed 001 §9: margin 0 to 10 (default 1), black on white, error correction L (default), M, Q, H. */
export const QR_DEFAULTS = { color: '000000', background: 'ffffff', errorCorrectionLevel: 'L', margin: 1, size: 512, format: 'png' } as const;
export const QR_SIZE = { min: 64, max: 2048 } as const;
export const QR_MARGIN_MAX = 10;
export const QR_URL_MAX = 2048;

export type ErrorCorrectionLevel = 'L' | 'M' | 'Q' | 'H';
export type QrFormat = 'png' | 'svg';

/** One rendering's settings; colours are lower-case hex without `#`. */
export interface QrSettings {
  color: string;
  background: string;
  errorCorrectionLevel: ErrorCorrectionLevel;
  margin: number;
  size: number;
  format: QrFormat;
}

const HEX = /^(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const WHOLE = /^\d{1,5}$/;

type Query = Record<string, unknown>;

/** One query parameter: trimmed text (a repeated one arrives as a list, and is refused), or its default when absent. */
const setting = <T>(then: z.ZodType<T, string>, fallback: T) => z.string({ error: m.single }).trim().pipe(then).default(fallback as never);
const whole = (min: number, max: number, message: string) => z.string().regex(WHOLE, message).transform(Number).pipe(z.number().min(min, message).max(max, message));

/**
 * The QR settings of a query (`color`, `background`, `errorCorrectionLevel`, `margin`, `size`,
 * `format`), as the OpenAPI document lists them: each absent one its default (QR_DEFAULTS); other
 * query parameters (`url`, `download`) are not its business.
 */
export const qrSettingsQuery = z.object({
  color: setting(z.string().regex(HEX, m.color).transform((hex) => hex.toLowerCase()), QR_DEFAULTS.color),
  background: setting(z.string().regex(HEX, m.color).transform((hex) => hex.toLowerCase()), QR_DEFAULTS.background),
  errorCorrectionLevel: setting(z.string().transform((level) => level.toUpperCase()).pipe(z.enum(['L', 'M', 'Q', 'H'], { error: m.errorCorrectionLevel })), QR_DEFAULTS.errorCorrectionLevel),
  margin: setting(whole(0, QR_MARGIN_MAX, m.margin), QR_DEFAULTS.margin),
  size: setting(whole(QR_SIZE.min, QR_SIZE.max, m.size), QR_DEFAULTS.size),
  format: setting(z.string().transform((format) => format.toLowerCase()).pipe(z.enum(['png', 'svg'], { error: m.format })), QR_DEFAULTS.format),
});

/** The QR settings of a query (qrSettingsQuery): every bad parameter is named in one 400 problem. */
export function parseQrSettings(query: Query): QrSettings {
  const result = qrSettingsQuery.safeParse(query);
  if (!result.success) throw validationFailed(m.invalid, fieldErrors(result.error));
  return result.data as QrSettings;
}

/** `?url=` of the preview route: an absolute http(s) URL of at most 2,048 characters, as given. */
export function parsePreviewUrl(query: Query): string {
  const value = query.url;
  const refuse = () => validationFailed(m.invalid, { url: m.url });
  if (typeof value !== 'string' || value.length === 0 || value.length > QR_URL_MAX) throw refuse();
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw refuse();
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refuse();
  return value;
}

/** Whether `download` was asked for (`?download`, `?download=1`, `=true`); `0`/`false` is not. */
export const wantsDownload = (query: Query): boolean => query.download !== undefined && !['0', 'false'].includes(String(query.download));

/** The settings as a stable key (cache and ETag). */
export const settingsKey = (s: QrSettings) => `${s.format}|${s.color}|${s.background}|${s.errorCorrectionLevel}|${s.margin}|${s.size}`;
