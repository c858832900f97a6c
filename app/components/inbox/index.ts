/**
 * What the inbox's route modules (app/routes/indbakke/) use, as ONE module they import on demand.
 * The bundler puts our modules used by six or more route modules into the chunk every public page
 * loads (vite.config.ts); loaded through this one dynamic import, the inbox counts as one user of
 * the shared UI pieces, and none of its code reaches a public page. The pages behind the login are
 * a second module (./pages.ts), and the login page has its own (./login-entry.ts), so the login,
 * the inbox's first load, stays small.
 */
export { InboxError, InboxFrameError } from './inbox-error';
export { InboxLayout } from './inbox-layout';
export { inboxMeta, loadAudit, loadFigures, loadLead, loadLeads, loadRota, loadStaff } from './loaders';
