/** Fixed settings of the chaos run (npm run chaos) that several of its pieces share. */

/** Where the server sends staff notifications (and how the run tells them from receipts). */
export const MAIL_TO = 'leads@chaos.test';
/** The server's public host: its e-mails' Message-IDs end with it, and form posts come from it. */
export const PUBLIC_HOST = 'chaos.test';
/** The e-mails a killed process had claimed must be out this long after the restart. */
export const claimedDeadlineMs = 60_000;
/** The on-call run's escalation step (ONCALL_ESCALATE_AFTER_SECONDS). */
export const escalateSeconds = 10;
/** The server's page budget (one page SMS per person per minute, server/oncall/paging/dispatch.ts). */
export const pageBudgetMs = 60_000;
/** How long a copy holds a claimed on-call job (server/oncall/paging/worker.ts): a killed copy's wait. */
export const oncallLeaseMs = 30_000;
