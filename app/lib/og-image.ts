import { company } from '../../domain/company';

/** The sharing card every page names in `og:image` (drawn by scripts/make-og-image.mjs). */
export const ogImagePath = '/og-image.png';

/**
 * What the sharing card shows (scripts/make-og-image.mjs draws it from the company name, this
 * tagline and the home page's illustration), for `og:image:alt`: link previews read it to people
 * who cannot see the image. Change it with the image.
 */
export const ogImageAlt = `Logoet og navnet ${company.name} med teksten »Vi sikrer dine værdier før, under og efter skaden« ved siden af en tegning af et hus beskyttet af et skjold, mens en skadekonsulent med en tjekliste holder øje`;
