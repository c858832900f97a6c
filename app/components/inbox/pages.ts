/**
 * The inbox's pages behind the login, as a second module the route modules import on demand next
 * to ./index.ts: the login page (the inbox's first load) then carries none of their code.
 */
import { inboxPagesText } from '~/content/inbox-pages';
import { AuditLogPage as AuditLog } from './audit-log/audit-log-page';
import { PersonalDataPage as PersonalData } from './personal-data/personal-data-page';
import { requiring } from './shared/staff-role';

/** A koordinator's pages: anyone else opening them directly reads that they need the role. */
export const AuditLogPage = requiring('auditLog', inboxPagesText.log.heading, AuditLog);
export const PersonalDataPage = requiring('personalData', inboxPagesText.personalData.heading, PersonalData);
export { FiguresPage } from './figures/figures-page';
export { LeadDetailPage } from './lead/lead-detail-page';
export { LeadListPage } from './lead-list/lead-list-page';
export { RotaPage } from './rota/rota-page';
