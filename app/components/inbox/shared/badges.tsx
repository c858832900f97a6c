import { Icon } from '~/components/icon';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxKindLabels, isEmergencyKind } from '~/content/inbox-kinds';
import { inboxPriorityText } from '~/content/inbox-priority';
import { cn } from '~/lib/cn';
import type { LeadKind, LeadPriority, LeadStatus } from '../../../../domain/staff-api/shared';

const badge =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap';

/**
 * The lead's kind; a lead that pages the on-call staff (`urgent`: an emergency, an urgent
 * assignment) is red with a siren, so it stands out in any list.
 */
export function KindBadge({ kind, urgent = isEmergencyKind(kind) }: { kind: LeadKind; urgent?: boolean }) {
  if (urgent) {
    return (
      <span className={cn(badge, 'bg-emergency-700 text-white')}>
        <Icon name="siren" className="size-4" />
        {inboxKindLabels[kind]}
      </span>
    );
  }
  return <span className={cn(badge, 'bg-slate-100 text-slate-800')}>{inboxKindLabels[kind]}</span>;
}

const statusColours: Record<LeadStatus, string> = {
  new: 'bg-brand-100 text-brand-900',
  'in-progress': 'bg-amber-100 text-amber-900',
  done: 'bg-slate-200 text-slate-800',
  spam: 'bg-slate-700 text-white',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={cn(badge, statusColours[status])}>{inboxStatusLabels[status]}</span>;
}

const priorityColours: Record<LeadPriority, string> = {
  kritisk: 'bg-emergency-900 text-white',
  hoej: 'border border-amber-700 bg-amber-100 text-amber-950',
  normal: 'border border-slate-400 text-slate-800',
};

/**
 * Who is called first. Its words and icon say it, not its colour alone. Normal is shown only when
 * asked for (`showNormal`: the lead page of an emergency), so the list marks only the urgent ones.
 */
export function PriorityBadge({
  priority,
  showNormal = false,
}: {
  priority: LeadPriority;
  showNormal?: boolean;
}) {
  if (priority === 'normal' && !showNormal) return null;
  return (
    <span className={cn(badge, priorityColours[priority])}>
      {priority === 'normal' ? null : <Icon name="triangle-exclamation-point" className="size-4" />}
      {inboxPriorityText.badge[priority]}
    </span>
  );
}

export function PlainBadge({ children }: { children: string }) {
  return <span className={cn(badge, 'border border-brand-700 text-brand-800')}>{children}</span>;
}
