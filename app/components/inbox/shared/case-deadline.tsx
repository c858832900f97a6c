import { Icon } from '~/components/icon';
import { caseClockText } from '~/content/inbox-casework-clocks';
import { cn } from '~/lib/cn';
import type { LeadSummary } from '../../../../domain/staff-api/leads';
import { deadlineWhen } from './lead-deadline';

/**
 * A list row's next case deadline (the server's `nextDeadline`): the first report, the moisture
 * reading or the arrival on site, with its time; passed, in red with an icon and its words, never
 * colour alone.
 */
export function CaseDeadline({
  lead,
  now = new Date(),
}: {
  lead: Pick<LeadSummary, 'nextDeadline'>;
  now?: Date;
}) {
  const deadline = lead.nextDeadline;
  if (!deadline) return null;
  const due = new Date(deadline.dueAt);
  const overdue = due.getTime() < now.getTime();
  const words = caseClockText.next[overdue ? 'overdue' : 'due'][deadline.kind](deadlineWhen(due, now));
  return (
    <span
      data-case-deadline={overdue ? 'overdue' : 'due'}
      className={cn(
        'inline-flex items-center gap-1 text-sm font-semibold whitespace-nowrap',
        overdue ? 'rounded bg-emergency-50 px-1 text-emergency-800' : 'text-slate-800',
      )}
    >
      <Icon name={overdue ? 'triangle-exclamation-point' : 'clock'} className="size-4" />
      <time dateTime={deadline.dueAt}>{words}</time>
    </span>
  );
}
