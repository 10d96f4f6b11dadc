import { z } from 'zod';
import { aiConfigFields, aiOptionsFrom } from '@seatside/chassis/src/ai';
import { placesConfigFields } from './places/config';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** The catalog's settings (env), parsed once where the service starts: place search, fonts, custom domains. */
export const catalogConfigFields = {
  ...placesConfigFields,
  /** The AI port (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL): the page builder's assistant. */
  ...aiConfigFields,
  /** The public web-font catalogue for the Fonts section; the bundled list without it. */
  GOOGLE_FONTS_API_KEY: optionalText,
  /** Where an apex custom domain's A record points. */
  CUSTOM_DOMAIN_A_RECORD: optionalText,
  /** Where a custom subdomain's CNAME points. */
  CUSTOM_DOMAIN_CNAME: optionalText,
};

export const catalogConfigSchema = z.object(catalogConfigFields);

type CatalogConfig = { [K in keyof typeof catalogConfigFields]: z.output<(typeof catalogConfigFields)[K]> };

export const catalogOptionsFrom = (config: Partial<CatalogConfig>) => ({
  googlePlacesApiKey: config.GOOGLE_PLACES_API_KEY,
  googleFontsApiKey: config.GOOGLE_FONTS_API_KEY,
  customDomainARecord: config.CUSTOM_DOMAIN_A_RECORD,
  customDomainCname: config.CUSTOM_DOMAIN_CNAME,
  ai: aiOptionsFrom(config),
});
