import { NEW_GRADIENT_COLOR } from './limits';
import type { AppClipOptions, CommonOptions, IconOptions, ImageOptions, QrOptions, ShapeOptions, TextOptions } from './types';

/** What a new layer starts with (the designer's panels add these; the API fills what a body leaves out). */
export const COMMON_DEFAULTS: CommonOptions = { opacity: 1, rotate: 0, topLeftBorder: 0, topRightBorder: 0, bottomRightBorder: 0, bottomLeftBorder: 0 };

export const OPTION_DEFAULTS = {
  text: {
    ...COMMON_DEFAULTS, text: 'Text', fontFamily: 'Roboto', fontWeight: 400, fontStyle: 'normal', fontSize: 32, color: '#000000',
    textAlign: 'left', textTransform: 'none', textDecoration: 'none', lineHeight: 0, letterSpacing: 0,
  } satisfies TextOptions,
  image: { ...COMMON_DEFAULTS, src: '', objectFit: 'contain' } satisfies ImageOptions,
  qr: { ...COMMON_DEFAULTS, url: '{{url}}', background: '#ffffff', color: '#000000', margin: 1, errorCorrectionLevel: 'L' } satisfies QrOptions,
  appclip: { ...COMMON_DEFAULTS, background: '#ffffff', foreground: '#000000', logo: 'badge', type: 'nfc' } satisfies AppClipOptions,
  icon: { ...COMMON_DEFAULTS, icon: 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z', color: '#000000' } satisfies IconOptions,
  shape: {
    ...COMMON_DEFAULTS, color: '#e6f0ff', gradient: false,
    gradientSchema: { type: 'linear-gradient', colors: [NEW_GRADIENT_COLOR, '#ffffff'], deg: 90, px: 200 },
  } satisfies ShapeOptions,
} as const;

/** A new template's canvas: a 4 × 6 inch card at 96 px to the inch. */
export const NEW_TEMPLATE = { title: 'Untitled', width: 384, height: 576 } as const;
