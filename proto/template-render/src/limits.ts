/**
 * Seed 002 §5 and §9: the editor's slider ranges and enums. The designer's sliders and the API's
 * validation read the same numbers.
 */
export const TEMPLATE_LIMITS = {
  /** Font size, line height and letter spacing: 0 to 400, step 1. */
  fontSize: { min: 0, max: 400, step: 1 },
  lineHeight: { min: 0, max: 400, step: 1 },
  letterSpacing: { min: 0, max: 400, step: 1 },
  /** Grid lines: 0 to 10. */
  gridLines: { min: 0, max: 10, step: 1 },
  /** Linear gradient angle: 0 to 360. */
  deg: { min: 0, max: 360, step: 1 },
  /** Radial gradient size: 0 to 5000, step 10. */
  px: { min: 0, max: 5000, step: 10 },
  opacity: { min: 0, max: 1, step: 0.01 },
  rotate: { min: -360, max: 360, step: 1 },
  radius: { min: 0, max: 5000, step: 1 },
  margin: { min: 0, max: 10, step: 1 },
  fontWeight: { min: 100, max: 900, step: 100 },
  /** A template's and a layer's size in pixels. */
  size: { min: 1, max: 5000, step: 1 },
  /** A layer's position may reach off the canvas (a bleed) but not arbitrarily far. */
  position: { min: -5000, max: 10000, step: 1 },
  layers: { max: 200 },
  variables: { max: 100 },
  gradientColors: { min: 2, max: 10 },
} as const;

export const LAYER_TYPES = ['text', 'image', 'qr', 'icon', 'appclip', 'shape'] as const;
export const FONT_STYLES = ['normal', 'italic'] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export const TEXT_TRANSFORMS = ['none', 'uppercase', 'lowercase'] as const;
export const TEXT_DECORATIONS = ['none', 'underline', 'line-through'] as const;
export const OBJECT_FITS = ['contain', 'cover'] as const;
export const ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export const APPCLIP_LOGOS = ['badge', 'none'] as const;
export const APPCLIP_TYPES = ['nfc', 'cam'] as const;
export const GRADIENT_TYPES = ['linear-gradient', 'radial-gradient'] as const;

/** Seed 002 §9: a new gradient colour is a blue. */
export const NEW_GRADIENT_COLOR = '#1677ff';

/** Seed 002 §2: the presets panel. */
export const PRESETS_MESSAGE = "We're working on presets! Check back soon.";
