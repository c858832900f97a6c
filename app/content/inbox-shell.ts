import { company } from '../../domain/company';

/**
 * The few words of the staff inbox's loading shell: the page the server answers /indbakke/* with
 * paints them before any JavaScript has run. Kept apart from app/content/inbox.ts so that the
 * root module every public page loads carries only these.
 */
export const inboxShellText = {
  title: 'Indbakke',
  /** The document title of the page, until the inbox page's own title takes over. */
  documentTitle: `Indbakke – ${company.name}`,
  loading: 'Henter indbakken …',
} as const;
