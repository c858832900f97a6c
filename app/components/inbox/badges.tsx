import { Icon } from '~/components/icon';
import { inboxKindLabels, inboxStatusLabels } from '~/content/inbox';
import { cn } from '~/lib/cn';
import type { LeadKind, LeadStatus } from '../../../domain/staff-api/shared';

const badge =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap';

/** The lead's kind; an emergency is red with a siren, so it stands out in any list. */
export function KindBadge({ kind }: { kind: LeadKind }) {
  if (kind === 'akut-skade') {
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

export function PlainBadge({ children }: { children: string }) {
  return <span className={cn(badge, 'border border-brand-700 text-brand-800')}>{children}</span>;
}
