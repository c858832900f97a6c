import { useState } from 'react';
import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxPagesText } from '~/content/inbox-pages';
import { StatusBadge } from '../shared/badges';
import { formatDateTime } from '../shared/format';
import { Card } from '../shared/card';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import type { LeadStatus } from '../../../../domain/staff-api/shared';

const text = inboxPagesText.lead;

/** The lead's status (who changed it and when), its steps, and marking it as spam or not. */
export function StatusSection({
  lead,
  saving,
  onChange,
}: {
  lead: LeadDetail;
  saving: boolean;
  onChange: (status: LeadStatus, notifyCustomer: boolean) => void;
}) {
  const steps = ['new', 'in-progress', 'done'] as const;
  const [notifyOnClose, setNotifyOnClose] = useState(true);
  return (
    <Card id="status" heading={text.statusHeading} print="sheet">
      <p className="flex flex-wrap items-center gap-2">
        {text.currentStatus}: <StatusBadge status={lead.status} />
      </p>
      <p className="text-sm wrap-anywhere text-slate-700">
        {lead.statusChangedAt
          ? text.changedBy(lead.statusChangedBy, formatDateTime(lead.statusChangedAt))
          : text.neverChanged}
      </p>
      <div
        role="group"
        aria-label={text.statusGroupLabel}
        className="flex flex-wrap items-center gap-2 print:hidden"
      >
        {steps.map((status, index) => (
          <span key={status} className="inline-flex items-center gap-2">
            {index > 0 ? <Icon name="arrow-right" className="size-4 text-slate-500" /> : null}
            <Button
              type="button"
              size="sm"
              variant={lead.status === status ? 'primary' : 'outline'}
              aria-pressed={lead.status === status}
              disabled={saving}
              onClick={() => onChange(status, notifyOnClose)}
            >
              {inboxStatusLabels[status]}
            </Button>
          </span>
        ))}
      </div>
      {lead.status === 'done' || lead.status === 'spam' ? null : (
        <label className="flex min-h-11 items-center gap-2 text-slate-900 print:hidden">
          <input
            type="checkbox"
            checked={notifyOnClose}
            disabled={saving}
            onChange={(event) => setNotifyOnClose(event.target.checked)}
            className="size-5 accent-brand-700"
          />
          {text.notifyOnClose}
        </label>
      )}
      <div className="print:hidden">
        {lead.status === 'spam' ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={saving}
            onClick={() => onChange('new', false)}
          >
            {text.notSpam}
          </Button>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={saving}
            onClick={() => onChange('spam', false)}
            className="underline"
          >
            {text.markSpam}
          </Button>
        )}
      </div>
    </Card>
  );
}
