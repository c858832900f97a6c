/**
 * The few words of the staff inbox's loading shell: the page the server answers /indbakke/* with
 * paints them before any JavaScript has run. Kept apart from app/content/inbox.ts so that the
 * root module every public page loads carries only these.
 */
export const inboxShellText = {
  title: 'Indbakke',
  loading: 'Henter indbakken …',
} as const;
