import { sweepEvery, type Logger } from '@seatside/chassis';

/**
 * The web-font catalogue the Fonts section picks from (seed 001 §7 "a font-family listing service",
 * seed 002 §6, §9): a bundled list of popular families, replaced by the public catalogue
 * (Google Fonts Developer API) when `GOOGLE_FONTS_API_KEY` is set. Only the five free families may
 * be chosen by a tenant that is not on the pro plan.
 */
export const FREE_FONTS = ['Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins'] as const;

export type Plan = 'free' | 'pro';
/** The tenant's plan (a platform admin sets it); absent means free. */
export const planOf = (doc: { plan?: unknown }): Plan => (doc.plan === 'pro' ? 'pro' : 'free');

export const isFreeFont = (family: string) => (FREE_FONTS as readonly string[]).includes(family);
/** Whether a tenant on this plan may use this family. */
export const fontAllowed = (family: string, plan: Plan) => plan === 'pro' || isFreeFont(family);

export const fontMessages = {
  proOnly: 'This font needs the pro plan',
} as const;

/** Bundled so the picker works offline; the free five first. */
export const BUNDLED_FONTS: readonly string[] = [
  ...FREE_FONTS,
  'Inter', 'Oswald', 'Raleway', 'Nunito', 'Merriweather', 'Playfair Display', 'Ubuntu', 'Roboto Slab', 'PT Sans', 'Noto Sans',
  'Source Sans 3', 'Rubik', 'Work Sans', 'Fira Sans', 'Quicksand', 'Mulish', 'Barlow', 'Josefin Sans', 'Anton', 'Bebas Neue',
  'Lobster', 'Pacifico', 'Dancing Script', 'Caveat', 'Abril Fatface', 'Archivo', 'Karla', 'Libre Baskerville', 'Lora', 'Manrope',
  'DM Sans', 'Space Grotesk', 'Cabin', 'Bitter', 'Arvo', 'Righteous', 'Permanent Marker', 'Shadows Into Light', 'Comfortaa', 'Exo 2',
];

export interface FontCatalogue {
  families(): readonly string[];
}

/**
 * The bundled list, or the public catalogue once fetched (refreshed daily). A failed fetch keeps the
 * bundled list and is logged only (seed 002 §8: font catalogue failure is logged only).
 */
export function fontCatalogue(options: { apiKey?: string; logger: Logger; fetchImpl?: typeof fetch; baseUrl?: string }): FontCatalogue & { stop(): Promise<void> } {
  let families: readonly string[] = BUNDLED_FONTS;
  const fetchFamilies = async (apiKey: string) => {
    const url = `${options.baseUrl ?? 'https://www.googleapis.com/webfonts/v1/webfonts'}?sort=popularity&key=${encodeURIComponent(apiKey)}`;
    const res = await (options.fetchImpl ?? fetch)(url);
    if (!res.ok) throw new Error(`font catalogue answered ${res.status}`);
    const body = (await res.json()) as { items?: { family?: unknown }[] };
    const fetched = (body.items ?? []).map((item) => item.family).filter((f): f is string => typeof f === 'string' && f.length > 0);
    if (fetched.length > 0) families = [...FREE_FONTS, ...fetched.filter((f) => !isFreeFont(f))];
  };
  // Fetched at once, then daily; a failed round is logged and the next tries again.
  const apiKey = options.apiKey;
  const daily = apiKey ? sweepEvery(options.logger, 24 * 60 * 60 * 1000, () => fetchFamilies(apiKey), 'font catalogue refresh failed; the bundled list stays', true) : undefined;
  return { families: () => families, stop: async () => daily?.stop() };
}
