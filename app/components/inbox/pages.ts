/**
 * The inbox's pages behind the login, as a second module the route modules import on demand next
 * to ./index.ts: the login page (the inbox's first load) then carries none of their code.
 */
import { inboxInsurersText } from '~/content/inbox-insurers';
import { inboxPagesText } from '~/content/inbox-pages';
import { AuditLogPage as AuditLog } from './audit-log/audit-log-page';
import { InsurersPage as Insurers } from './insurers/insurers-page';
import { PersonalDataPage as PersonalData } from './personal-data/personal-data-page';
import { requiring } from './shared/staff-role';

/** A koordinator's pages: anyone else opening them directly reads that they need the role. */
export const AuditLogPage = requiring('auditLog', inboxPagesText.log.heading, AuditLog);
export const PersonalDataPage = requiring('personalData', inboxPagesText.personalData.heading, PersonalData);
export const InsurersPage = requiring('insurers', inboxInsurersText.heading, Insurers);
export { FiguresPage } from './figures/figures-page';
export { LeadDetailPage } from './lead/lead-detail-page';
export { LeadListPage } from './lead-list/lead-list-page';
export { RotaPage } from './rota/rota-page';
