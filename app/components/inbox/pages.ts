/**
 * The inbox's pages behind the login, as a second module the route modules import on demand next
 * to ./index.ts: the login page (the inbox's first load) then carries none of their code.
 */
export { AuditLogPage } from './audit-log-page';
export { FiguresPage } from './figures-page';
export { LeadDetailPage } from './lead-detail-page';
export { LeadListPage } from './lead-list-page';
export { PersonalDataPage } from './personal-data-page';
export { RotaPage } from './rota-page';
