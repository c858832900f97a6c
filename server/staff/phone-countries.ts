/**
 * ONCALL_PHONE_COUNTRIES: the countries whose numbers staff may put on their own account (a comma
 * list of ISO 3166 codes, default DK); a number elsewhere needs a koordinator (./staff-phone.ts).
 */
import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';

const error = 'must be a comma-separated list of ISO country codes, e.g. DK or DK,SE';

export const phoneCountriesVariable = z
  .string()
  .default('DK')
  .transform((text) => [...new Set(text.split(',').map((code) => code.trim().toUpperCase()))].filter(Boolean))
  .pipe(z.array(z.string().refine((code) => isSupportedCountry(code), { error })).min(1, { error }));
