/**
 * The names the browser needs of the spam defence (domain/spam.ts), apart from its schemas, so a
 * page can fetch the form token before the form's validation code has loaded.
 */

/** Where a form gets its token: `GET` answers `{ token }`. */
export const formTokenPath = '/api/leads/token';

/** The honeypot: a visually hidden field that people leave empty and form-filling bots fill in. */
export const honeypotFieldName = 'website';
