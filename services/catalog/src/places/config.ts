import { z } from 'zod';

/** The place search's settings (env), parsed once where the service starts. */
export const placesConfigFields = {
  GOOGLE_PLACES_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((key) => key || undefined),
};

export const placesConfigSchema = z.object(placesConfigFields);
