/**
 * Everything the inbox's route modules (app/routes/indbakke/) use, as ONE module they import on
 * demand. The bundler puts our modules used by six or more route modules into the chunk every
 * public page loads (vite.config.ts); loaded through this one dynamic import, the inbox counts as
 * one user of the shared UI pieces, and none of its code reaches a public page.
 */
export { AuditLogPage } from './audit-log-page';
export { InboxError, InboxFrameError } from './inbox-error';
export { InboxLayout } from './inbox-layout';
export { LeadDetailPage } from './lead-detail-page';
export { LeadListPage } from './lead-list-page';
export { inboxMeta, loadAudit, loadLead, loadLeads, loadStaff } from './loaders';
export { LoginPage } from './login-page';
export { PersonalDataPage } from './personal-data-page';
