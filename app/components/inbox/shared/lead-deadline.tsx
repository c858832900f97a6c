import { Icon } from '~/components/icon';
import { inboxDeadlineText } from '~/content/inbox-deadlines';
import { cn } from '~/lib/cn';
import { localParts, weekdayShortNames } from '../../../../domain/zoned-time';
import type { LeadSummary } from '../../../../domain/staff-api/leads';

const text = inboxDeadlineText;
const two = (n: number) => String(n).padStart(2, '0');
const dayNumber = (p: { year: number; month: number; day: number }) =>
  Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;

/**
 * A deadline as staff read it in Copenhagen time: '14:20' today, 'man. 16:00' within a week,
 * '12.11. 16:00' further away. A deadline at midnight is the end of the day before ('man. 24:00'):
 * the day the answer is due, not the day after.
 */
export function deadlineWhen(due: Date, now: Date): string {
  const atMidnight = localParts(due).hour === 0 && localParts(due).minute === 0;
  const p = localParts(atMidnight ? new Date(due.getTime() - 60_000) : due);
  const clock = atMidnight ? '24:00' : `${two(p.hour)}:${two(p.minute)}`;
  const days = dayNumber(p) - dayNumber(localParts(now));
  if (days === 0) return clock;
  if (Math.abs(days) <= 6) return `${weekdayShortNames[p.weekday]}. ${clock}`;
  return `${p.day}.${p.month}. ${clock}`;
}

export type DeadlineState =
  { state: 'due' | 'overdue'; text: string; dueAt: string } | { state: 'answered'; text: string } | null;

/**
 * What the list says about a lead's first answer: the deadline of an open lead nobody has
 * answered (overdue once it has passed), "Besvaret" once answered, nothing without a deadline or
 * for a lead closed without an answer.
 */
export function leadDeadline(
  lead: Pick<LeadSummary, 'status' | 'firstResponseDueAt' | 'firstResponseAt'>,
  now: Date,
): DeadlineState {
  if (!lead.firstResponseDueAt) return null;
  if (lead.firstResponseAt) return { state: 'answered', text: text.answered };
  if (lead.status !== 'new' && lead.status !== 'in-progress') return null;
  const due = new Date(lead.firstResponseDueAt);
  const when = deadlineWhen(due, now);
  return due.getTime() < now.getTime()
    ? { state: 'overdue', text: text.overdue(when), dueAt: lead.firstResponseDueAt }
    : { state: 'due', text: text.due(when), dueAt: lead.firstResponseDueAt };
}

/**
 * The deadline line of a list row and of the lead's page: overdue in red with an icon and its
 * words, never colour alone.
 */
export function LeadDeadline({
  lead,
  now = new Date(),
}: {
  lead: Pick<LeadSummary, 'status' | 'firstResponseDueAt' | 'firstResponseAt'>;
  now?: Date;
}) {
  const deadline = leadDeadline(lead, now);
  if (!deadline) return null;
  if (deadline.state === 'answered') {
    return (
      <span data-deadline="answered" className="inline-flex items-center gap-1 text-sm text-slate-700">
        <Icon name="check" className="size-4" />
        {deadline.text}
      </span>
    );
  }
  const overdue = deadline.state === 'overdue';
  return (
    <span
      data-deadline={deadline.state}
      className={cn(
        'inline-flex items-center gap-1 text-sm font-semibold whitespace-nowrap',
        overdue ? 'rounded bg-emergency-50 px-1 text-emergency-800' : 'text-slate-800',
      )}
    >
      <Icon name={overdue ? 'triangle-exclamation-point' : 'clock'} className="size-4" />
      <time dateTime={deadline.dueAt}>{deadline.text}</time>
    </span>
  );
}
