import type { FontFamily } from './types';

/**
 * Seed 002 §9: the five free fonts, shipped with the project from the @fontsource packages (their
 * latin WOFF2 files, one per weight and style). The designer's canvas and the server load the very
 * same files under the same names, so text measures and lands alike.
 */
export interface FontFamilySpec {
  family: FontFamily;
  /** The @fontsource package's directory name. */
  slug: string;
  weights: readonly number[];
  /** hhea ascender and descender over units per em (read from the files with fontkit). */
  ascent: number;
  descent: number;
}

export const FONT_FAMILIES: readonly FontFamilySpec[] = [
  { family: 'Roboto', slug: 'roboto', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900], ascent: 1900 / 2048, descent: 500 / 2048 },
  { family: 'Open Sans', slug: 'open-sans', weights: [300, 400, 500, 600, 700, 800], ascent: 2189 / 2048, descent: 600 / 2048 },
  { family: 'Lato', slug: 'lato', weights: [100, 300, 400, 700, 900], ascent: 1974 / 2000, descent: 426 / 2000 },
  { family: 'Montserrat', slug: 'montserrat', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900], ascent: 968 / 1000, descent: 251 / 1000 },
  { family: 'Poppins', slug: 'poppins', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900], ascent: 1050 / 1000, descent: 350 / 1000 },
];

export const FREE_FONTS: readonly FontFamily[] = FONT_FAMILIES.map((f) => f.family);

/** One font file: registered under `alias` (never the family's own name, so no system font stands in). */
export interface FontFace {
  alias: string;
  family: FontFamilySpec;
  weight: number;
  style: 'normal' | 'italic';
  /** The file's name in the @fontsource package's `files/` (and under `/api/template/fonts/`). */
  file: string;
  packageName: string;
}

export const familyOf = (family: string): FontFamilySpec => FONT_FAMILIES.find((f) => f.family === family) ?? FONT_FAMILIES[0]!;

/** The face a text layer uses: its family's nearest shipped weight (the lighter one on a tie). */
export function faceOf(family: string, weight: number, style: 'normal' | 'italic'): FontFace {
  const spec = familyOf(family);
  let best = spec.weights[0]!;
  for (const w of spec.weights) if (Math.abs(w - weight) < Math.abs(best - weight)) best = w;
  return faceFor(spec, best, style);
}

const faceFor = (spec: FontFamilySpec, weight: number, style: 'normal' | 'italic'): FontFace => ({
  alias: `SeatsideT ${spec.family} ${weight}${style === 'italic' ? 'i' : ''}`,
  family: spec,
  weight,
  style,
  file: `${spec.slug}-latin-${weight}-${style}.woff2`,
  packageName: `@fontsource/${spec.slug}`,
});

/** Every shipped face. */
export const ALL_FACES: readonly FontFace[] = FONT_FAMILIES.flatMap((spec) =>
  spec.weights.flatMap((w) => (['normal', 'italic'] as const).map((style) => faceFor(spec, w, style))),
);

export const faceByFile = (file: string): FontFace | undefined => ALL_FACES.find((f) => f.file === file);
