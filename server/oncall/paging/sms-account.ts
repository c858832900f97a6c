/**
 * The SMS account, checked before a page needs it: at start and daily, the provider's balance
 * endpoint (each provider's `account()`, server/sms/providers.ts). A refusal (wrong token, blocked
 * address: every page would fail) or a credit below SMS_CREDIT_WARN_BELOW e-mails the company
 * inbox; a provider that does not answer is only logged (the pages themselves are retried).
 */
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { companyNotice, mailKind } from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';
import { SmsSendError, type SmsTransport } from '../../sms/transport.ts';

const smsAccountAlert = z.object({
  leadId: z.null(),
  problem: z.enum(['refused', 'low-credit']),
  detail: z.string(),
});

export interface SmsAccountDeps {
  db: DbOrTx;
  sms: SmsTransport;
  warnBelow: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export type SmsAccountState = 'ok' | 'low-credit' | 'refused' | 'unreachable' | 'not-checked';

/** One check; e-mails the company inbox when the account cannot page. */
export async function checkSmsAccount(deps: SmsAccountDeps): Promise<SmsAccountState> {
  if (!deps.sms.account) return 'not-checked';
  let alert: z.infer<typeof smsAccountAlert> | null = null;
  let state: SmsAccountState;
  try {
    const { credit, currency } = await deps.sms.account();
    const amount = `${credit.toLocaleString('da-DK')}${currency ? ` ${currency}` : ''}`;
    if (credit < deps.warnBelow) {
      state = 'low-credit';
      alert = { leadId: null, problem: 'low-credit', detail: amount };
      deps.log.warn({ credit, currency }, 'SMS account: low credit');
    } else {
      state = 'ok';
      deps.log.info({ credit, currency }, 'SMS account checked');
    }
  } catch (error) {
    if (error instanceof SmsSendError && error.configurationFault) {
      state = 'refused';
      alert = { leadId: null, problem: 'refused', detail: error.message };
      deps.log.error({ err: error.message }, 'SMS ACCOUNT REFUSED: on-call pages cannot be sent');
    } else {
      state = 'unreachable';
      deps.log.warn({ err: (error as Error).message }, 'SMS account could not be checked');
    }
  }
  if (alert) await enqueueMail(deps.db, smsAccountMailComposer, alert);
  return state;
}

/** Daily, on one server copy at a time (server/queue/periodic.ts). */
export function smsAccountJob(deps: SmsAccountDeps): PeriodicJob {
  return {
    id: 'sms-account',
    name: 'SMS account: checking the credentials and the credit',
    intervalMs: 24 * 60 * 60_000,
    firstRunAfterMs: 60_000,
    run: () => checkSmsAccount(deps),
  };
}

export const smsAccountMailComposer = mailKind('sms-account-alert', smsAccountAlert, (deps, job) => {
  const { problem, detail } = job.payload;
  const subject =
    problem === 'refused' ? 'SMS-udbyderen afviser os: vagt-SMS kan ikke sendes' : `Lav SMS-saldo: ${detail}`;
  const intro =
    problem === 'refused'
      ? `SMS-udbyderen afviste vores adgang (${detail}). Indtil det er rettet (SMS_API_TOKEN, IP-adresse eller konto), kan vagttelefonen ikke få SMS: sider går ud som e-mail i stedet.`
      : `Der er ${detail} tilbage på SMS-kontoen. Fyld den op, før vagttelefonen står uden SMS på en travl aften.`;
  return companyNotice(deps, job, subject, intro);
});
