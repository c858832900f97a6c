/**
 * The short messages a customer gets in their thread when staff change what the case page shows
 * them (server/messages/outgoing/status-messages.ts): a visit agreed or moved, the case closed, and
 * the milestones that tell them (we are on the way, the damage is stopped). They go
 * by e-mail (after "Hej <navn>," and before the "Følg din sag" link and the signature) and, where
 * the thread is by SMS, as an SMS with the link; so each stands on its own and says who we are
 * only through the sender.
 */
import { formatVisitTime } from './case-steps.ts';
import { company } from './company.ts';

export const customerStatusMessages = {
  visitAgreed: (visitAt: Date) =>
    `Vi har aftalt besigtigelse ${formatVisitTime(visitAt)}, hvor vi kommer og ser på skaden. Passer tidspunktet ikke, så ring til os på ${company.phoneDisplay}.`,
  visitMoved: (visitAt: Date) =>
    `Vi har flyttet besigtigelsen til ${formatVisitTime(visitAt)}. Passer det nye tidspunkt ikke, så ring til os på ${company.phoneDisplay}.`,
  done: (reference: string) =>
    `Vi har afsluttet din sag ${reference}. Tak, fordi du valgte ${company.name}. Har du spørgsmål til sagen, så ring til os på ${company.phoneDisplay}.`,
  /** On the way, the damage stopped: the case page's own line (domain/milestone-lines.ts). */
  milestone: (line: string) => `${line}. Har du spørgsmål, så ring til os på ${company.phoneDisplay}.`,
} as const;
