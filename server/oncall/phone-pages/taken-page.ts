/**
 * The on-call page once the person has taken the emergency: it does the job from the phone.
 * The summary with the call button, the customer's description, "Ringet op" (stamps the callback
 * as the inbox does, so the customer's page and the figures learn of the call), who else was
 * paged and when, and the lead in the inbox.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { triageAnswerLabels, triageQuestionNames, triageQuestions } from '../../../domain/triage.ts';
import { formatClock } from '../../../domain/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import { oncallPageNotices, users } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/html.ts';
import { summaryHtml, type AckPage } from './ack-page.ts';
import type { pageSummary } from '../assignment/acknowledge.ts';
import { displayName } from '../rota/rota-store.ts';

type Lead = NonNullable<Awaited<ReturnType<typeof pageSummary>>>['lead'];

export interface PagedPerson {
  name: string;
  at: Date;
  /** In an SMS of its own, or in a digest. */
  how: 'single' | 'digest';
}

/** Everybody an SMS about the emergency reached, in the order they were paged. */
export async function pagedPeople(db: Db, leadId: string): Promise<PagedPerson[]> {
  const rows = await db
    .select({
      name: users.name,
      email: users.email,
      at: oncallPageNotices.dispatchedAt,
      status: oncallPageNotices.status,
    })
    .from(oncallPageNotices)
    .innerJoin(users, eq(users.id, oncallPageNotices.userId))
    .where(and(eq(oncallPageNotices.leadId, leadId), inArray(oncallPageNotices.status, ['single', 'digest'])))
    .orderBy(asc(oncallPageNotices.dispatchedAt));
  return rows.flatMap((row) =>
    row.at
      ? [{ name: displayName(row), at: row.at, how: row.status === 'digest' ? 'digest' : 'single' }]
      : [],
  );
}

export interface TakenView {
  lead: Lead;
  paged: readonly PagedPerson[];
  /** Who stamped the callback, and when; null: nobody yet. */
  calledBack: { name: string; at: Date } | null;
  /** The "Ringet op" form (this page's own signed token; `back`: the queue page it came from). */
  callbackForm: { action: string; formToken: string; back?: string };
  inboxUrl: string;
  /** Right after "Jeg tager den". */
  justTaken: boolean;
}

/** The page of the person who took it. */
export function takenByYouPage(view: TakenView): AckPage {
  const { lead } = view;
  const title = `Du har taget ${lead.reference}`;
  const summary = summaryHtml(lead);
  const note = view.justTaken ? '<p class="note">De andre på vagt får besked. Ring til kunden nu.</p>' : '';
  const description = lead.details.besked
    ? `<h2>Kundens beskrivelse</h2><p>${escapeHtml(String(lead.details.besked)).replace(/\n/g, '<br>')}</p>`
    : '';
  const callback = view.calledBack
    ? `<p class="note">Ringet op kl. ${formatClock(view.calledBack.at)} af ${escapeHtml(view.calledBack.name)}.</p>`
    : `<form method="post" action="${escapeHtml(view.callbackForm.action)}">
<input type="hidden" name="formToken" value="${escapeHtml(view.callbackForm.formToken)}">${
        view.callbackForm.back
          ? `<input type="hidden" name="back" value="${escapeHtml(view.callbackForm.back)}">`
          : ''
      }
<button type="submit">Ringet op</button>
</form>`;
  const answers = triageQuestionNames.flatMap((question) => {
    const answer = lead.details[question];
    return answer === 'ja' || answer === 'nej'
      ? [`<dt>${escapeHtml(triageQuestions[question])}</dt><dd>${triageAnswerLabels[answer]}</dd>`]
      : [];
  });
  const triage = answers.length === 0 ? '' : `<h2>Kundens svar</h2><dl>${answers.join('')}</dl>`;
  const paged =
    view.paged.length === 0
      ? ''
      : `<h2>Sidet</h2><ul>${view.paged
          .map(
            (person) =>
              `<li class="done">${escapeHtml(person.name)} kl. ${formatClock(person.at)}${person.how === 'digest' ? ' (i en samlet SMS)' : ''}</li>`,
          )
          .join('')}</ul>`;
  return {
    status: 200,
    title,
    body: `<h1>${escapeHtml(title)}</h1>${note}${summary}${callback}${description}${triage}${paged}<a class="back" href="${escapeHtml(view.inboxUrl)}">Åbn sagen i indbakken</a>`,
  };
}
