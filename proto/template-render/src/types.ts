/**
 * A template (seed 002 §3): a canvas of `width` × `height` pixels (CSS pixels, 96 to the inch) and
 * its layers, bottom first. Texts and QR links may hold `{{key}}` variables.
 */
export interface Template {
  id: string;
  /** The tenant (the product's documentId). */
  documentId: string;
  title: string;
  width: number;
  height: number;
  payload: TemplatePayload;
  /** A tag whose metadata fills the preview's variables. */
  tagId?: string;
  layers: Layer[];
}

export interface TemplatePayload {
  variables: TemplateVariable[];
  /** The editor's grid: lines across each axis that layers snap to (0 = none). */
  gridLines?: number;
}

export type TemplateVariable = { key: string; value: string };

/** Every layer's options: opacity 0–1, rotation in degrees and per-corner radii (px). */
export interface CommonOptions {
  opacity: number;
  rotate: number;
  topLeftBorder: number;
  topRightBorder: number;
  bottomRightBorder: number;
  bottomLeftBorder: number;
}

export interface TextOptions extends CommonOptions {
  text: string;
  fontFamily: FontFamily;
  fontWeight: number;
  fontStyle: 'normal' | 'italic';
  fontSize: number;
  color: string;
  textAlign: 'left' | 'center' | 'right';
  textTransform: 'none' | 'uppercase' | 'lowercase';
  textDecoration: 'none' | 'underline' | 'line-through';
  /** Pixels between baselines; 0 = 1.2 × the font size. */
  lineHeight: number;
  letterSpacing: number;
}

export interface ImageOptions extends CommonOptions {
  src: string;
  objectFit: 'contain' | 'cover';
}

export interface QrOptions extends CommonOptions {
  url: string;
  background: string;
  color: string;
  margin: number;
  errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H';
}

export interface AppClipOptions extends CommonOptions {
  background: string;
  foreground: string;
  logo: 'badge' | 'none';
  type: 'nfc' | 'cam';
}

export interface IconOptions extends CommonOptions {
  /** An SVG path (`d`) in a 24 × 24 box. */
  icon: string;
  color: string;
}

export interface GradientSchema {
  type: 'linear-gradient' | 'radial-gradient';
  colors: string[];
  /** The linear gradient's angle, CSS-style (0 = to top, 90 = to right). */
  deg: number;
  /** The radial gradient's radius in pixels. */
  px: number;
}

export interface ShapeOptions extends CommonOptions {
  color: string;
  gradient: boolean;
  gradientSchema: GradientSchema;
}

interface LayerBase {
  /** Stable within the template (the designer's selection and undo). */
  id: string;
  title: string;
  width: number;
  height: number;
  x: number;
  y: number;
  /** Hidden layers are not drawn (the layer list's eye). */
  hidden?: boolean;
  /** Locked layers are not moved by the mouse. */
  locked?: boolean;
}

export type TextLayer = LayerBase & { type: 'text'; options: TextOptions };
export type ImageLayer = LayerBase & { type: 'image'; options: ImageOptions };
export type QrLayer = LayerBase & { type: 'qr'; options: QrOptions };
export type AppClipLayer = LayerBase & { type: 'appclip'; options: AppClipOptions };
export type IconLayer = LayerBase & { type: 'icon'; options: IconOptions };
export type ShapeLayer = LayerBase & { type: 'shape'; options: ShapeOptions };

export type Layer = TextLayer | ImageLayer | QrLayer | AppClipLayer | IconLayer | ShapeLayer;
export type LayerType = Layer['type'];

export type FontFamily = 'Roboto' | 'Open Sans' | 'Lato' | 'Montserrat' | 'Poppins';
