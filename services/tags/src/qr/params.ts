import { validationFailed } from '@seatside/chassis';
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
const LEVELS: readonly string[] = ['L', 'M', 'Q', 'H'];
const WHOLE = /^\d{1,5}$/;

type Query = Record<string, unknown>;

/**
 * The QR settings of a query (`color`, `background`, `errorCorrectionLevel`, `margin`, `size`,
 * `format`): every bad parameter is named in one 400 problem. A repeated parameter is refused.
 */
export function parseQrSettings(query: Query): QrSettings {
  const errors: Record<string, string> = {};
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      errors[name] = m.single;
      return undefined;
    }
    return value.trim();
  };
  const hex = (name: 'color' | 'background') => {
    const value = text(name);
    if (value === undefined || errors[name]) return QR_DEFAULTS[name];
    if (!HEX.test(value)) {
      errors[name] = m.color;
      return QR_DEFAULTS[name];
    }
    return value.toLowerCase();
  };
  const whole = (name: 'margin' | 'size', min: number, max: number, message: string) => {
    const value = text(name);
    if (value === undefined || errors[name]) return QR_DEFAULTS[name];
    const n = WHOLE.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) {
      errors[name] = message;
      return QR_DEFAULTS[name];
    }
    return n;
  };
  const color = hex('color');
  const background = hex('background');
  const levelText = text('errorCorrectionLevel');
  const level = levelText === undefined || errors.errorCorrectionLevel ? QR_DEFAULTS.errorCorrectionLevel : levelText.toUpperCase();
  if (!LEVELS.includes(level)) errors.errorCorrectionLevel = m.errorCorrectionLevel;
  const margin = whole('margin', 0, QR_MARGIN_MAX, m.margin);
  const size = whole('size', QR_SIZE.min, QR_SIZE.max, m.size);
  const formatText = text('format');
  const format = formatText === undefined || errors.format ? QR_DEFAULTS.format : formatText.toLowerCase();
  if (format !== 'png' && format !== 'svg') errors.format = m.format;
  if (Object.keys(errors).length) throw validationFailed(m.invalid, errors);
  return { color, background, errorCorrectionLevel: level as ErrorCorrectionLevel, margin, size, format: format as QrFormat };
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
