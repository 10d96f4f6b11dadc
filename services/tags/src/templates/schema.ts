import { z } from 'zod';
import { requiredText, TEXT_MAX } from '@seatside/chassis';
import {
  APPCLIP_LOGOS, APPCLIP_TYPES, ERROR_CORRECTION_LEVELS, FONT_STYLES, FREE_FONTS, GRADIENT_TYPES, LAYER_TYPES, OBJECT_FITS, OPTION_DEFAULTS,
  TEMPLATE_LIMITS as L, TEXT_ALIGNS, TEXT_DECORATIONS, TEXT_TRANSFORMS,
} from '@seatside/template-render';
import { templateMessages as m } from './template';

type Range = { min: number; max: number; step?: number };

/** A number in the seed's range: '<Label> must be between min and max' (and its step, when not 1). */
const inRange = (label: string, r: Range, whole = true) => {
  const message = r.step && r.step !== 1 && whole ? `${label} must be between ${r.min} and ${r.max} in steps of ${r.step}` : `${label} must be between ${r.min} and ${r.max}`;
  let n = z.number({ error: `${label} must be a number` }).min(r.min, message).max(r.max, message);
  if (whole) n = r.step && r.step !== 1 ? n.multipleOf(r.step, message) : n.int(`${label} must be a whole number`);
  return n;
};

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const colour = (label: string) => z.string({ error: `${label} must be a hex colour such as #000000` }).regex(HEX, `${label} must be a hex colour such as #000000`);

/** An SVG path in a 24 × 24 box: commands and numbers only. */
const SVG_PATH = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$/;

const common = {
  opacity: inRange('Opacity', L.opacity, false).default(OPTION_DEFAULTS.text.opacity),
  rotate: inRange('Rotate', L.rotate, false).default(0),
  topLeftBorder: inRange('Top left border', L.radius, false).default(0),
  topRightBorder: inRange('Top right border', L.radius, false).default(0),
  bottomRightBorder: inRange('Bottom right border', L.radius, false).default(0),
  bottomLeftBorder: inRange('Bottom left border', L.radius, false).default(0),
};

const d = OPTION_DEFAULTS;
const text = z.object({
  ...common,
  text: z.string().max(TEXT_MAX.long).default(d.text.text),
  fontFamily: oneOf('Font family', FREE_FONTS as unknown as [string, ...string[]]).default(d.text.fontFamily),
  fontWeight: inRange('Font weight', L.fontWeight).default(d.text.fontWeight),
  fontStyle: oneOf('Font style', FONT_STYLES).default(d.text.fontStyle),
  fontSize: inRange('Font size', L.fontSize).default(d.text.fontSize),
  color: colour('Color').default(d.text.color),
  textAlign: oneOf('Text align', TEXT_ALIGNS).default(d.text.textAlign),
  textTransform: oneOf('Text transform', TEXT_TRANSFORMS).default(d.text.textTransform),
  textDecoration: oneOf('Text decoration', TEXT_DECORATIONS).default(d.text.textDecoration),
  lineHeight: inRange('Line height', L.lineHeight).default(d.text.lineHeight),
  letterSpacing: inRange('Letter spacing', L.letterSpacing).default(d.text.letterSpacing),
});

const image = z.object({
  ...common,
  src: z.string().max(TEXT_MAX.url).default(''),
  objectFit: oneOf('Object fit', OBJECT_FITS).default(d.image.objectFit),
});

const qr = z.object({
  ...common,
  url: z.string().max(TEXT_MAX.url).default(d.qr.url),
  background: colour('Background').default(d.qr.background),
  color: colour('Color').default(d.qr.color),
  margin: inRange('Margin', L.margin).default(d.qr.margin),
  errorCorrectionLevel: oneOf('Error correction level', ERROR_CORRECTION_LEVELS).default(d.qr.errorCorrectionLevel),
});

const appclip = z.object({
  ...common,
  background: colour('Background').default(d.appclip.background),
  foreground: colour('Foreground').default(d.appclip.foreground),
  logo: oneOf('Logo', APPCLIP_LOGOS).default(d.appclip.logo),
  type: oneOf('Type', APPCLIP_TYPES).default(d.appclip.type),
});

const icon = z.object({
  ...common,
  icon: z.string().max(TEXT_MAX.long).regex(SVG_PATH, m.iconInvalid).default(d.icon.icon),
  color: colour('Color').default(d.icon.color),
});

const shape = z.object({
  ...common,
  color: colour('Color').default(d.shape.color),
  gradient: z.boolean({ error: 'Gradient must be true or false' }).default(false),
  gradientSchema: z
    .object({
      type: oneOf('Gradient type', GRADIENT_TYPES).default(d.shape.gradientSchema.type),
      colors: z.array(colour('Color')).min(L.gradientColors.min, m.gradientColors).max(L.gradientColors.max, m.gradientColors).default([...d.shape.gradientSchema.colors]),
      deg: inRange('Angle', L.deg).default(d.shape.gradientSchema.deg),
      px: inRange('Size', L.px).default(d.shape.gradientSchema.px),
    })
    .default({ ...d.shape.gradientSchema, colors: [...d.shape.gradientSchema.colors] }),
});

const box = {
  id: z.string().trim().min(1).max(TEXT_MAX.code).optional(),
  title: z.string().trim().max(TEXT_MAX.title).default(''),
  width: inRange('Width', L.size, false),
  height: inRange('Height', L.size, false),
  x: inRange('X', L.position, false).default(0),
  y: inRange('Y', L.position, false).default(0),
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
};

const layerOf = <T extends (typeof LAYER_TYPES)[number], O extends z.ZodType>(type: T, options: O) =>
  z.object({ ...box, type: z.literal(type), options: (options as unknown as z.ZodObject).prefault({}) as unknown as O });

export const layerSchema = z.discriminatedUnion(
  'type',
  [layerOf('text', text), layerOf('image', image), layerOf('qr', qr), layerOf('icon', icon), layerOf('appclip', appclip), layerOf('shape', shape)],
  { error: `Type must be one of ${LAYER_TYPES.join(', ')}` },
);

const variable = z.object({ key: requiredText(m.keyRequired).max(TEXT_MAX.name), value: z.string().max(TEXT_MAX.indexed).default('') });

const payload = z.object({
  variables: z.array(variable).max(L.variables.max, `At most ${L.variables.max} variables`).default([]),
  gridLines: inRange('Grid lines', L.gridLines).default(0),
});

/** What an update may send: only what is sent changes (`layers` replaces the list). */
export const templateChanges = z.object({
  title: requiredText(m.titleRequired).max(TEXT_MAX.title).optional(),
  width: inRange('Width', L.size).optional(),
  height: inRange('Height', L.size).optional(),
  payload: payload.optional(),
  tagId: z.string().trim().max(TEXT_MAX.id).nullable().optional(),
  layers: z.array(layerSchema).max(L.layers.max, `At most ${L.layers.max} layers`).optional(),
});

/** A create: the title is required; the rest starts from a 4 × 6 inch card. */
export const newTemplate = templateChanges.extend({
  title: requiredText(m.titleRequired).max(TEXT_MAX.title),
  testMode: z.boolean().optional(),
});

export type TemplateChanges = z.output<typeof templateChanges>;
