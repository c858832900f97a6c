import { useEffect, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Select } from '~/components/ui/select';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxPagesText } from '~/content/inbox-pages';
import type { LeadStatus } from '../../../../domain/staff-api/shared';

const text = inboxPagesText.list;

const statusOptions = (Object.keys(inboxStatusLabels) as LeadStatus[]).map((status) => ({
  value: status,
  label: inboxStatusLabels[status],
}));

/** One status for all the selected leads at once, and a box that selects every lead listed. */
export function BulkBar({
  count,
  total,
  status,
  busy,
  onSelectAll,
  onStatus,
  onApply,
}: {
  count: number;
  total: number;
  status: LeadStatus;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onStatus: (status: LeadStatus) => void;
  onApply: () => void;
}) {
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return (
    <div
      role="group"
      aria-label={text.bulkLabel}
      className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <label className="inline-flex min-h-11 items-center gap-2 font-medium">
        <input
          ref={allRef}
          type="checkbox"
          checked={count > 0 && count === total}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-5 accent-brand-700"
        />
        {text.selectAll}
      </label>
      <p className="min-h-11 content-center text-slate-700" aria-live="polite">
        {text.selected(count)}
      </p>
      <FormField id="bulk-status" label={text.bulkStatus} className="min-w-40">
        {(control) => (
          <Select
            {...control}
            options={statusOptions}
            value={status}
            onChange={(event) => onStatus(event.target.value as LeadStatus)}
          />
        )}
      </FormField>
      <Button type="button" variant="outline" onClick={onApply} disabled={busy}>
        {busy ? text.bulkApplying : text.bulkApply}
      </Button>
    </div>
  );
}
