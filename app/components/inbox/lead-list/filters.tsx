import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { inboxKindLabels } from '~/content/inbox-kinds';
import { inboxPagesText } from '~/content/inbox-pages';
import { inboxPriorityText } from '~/content/inbox-priority';
import { inboxDeadlineText } from '~/content/inbox-deadlines';
import { caseClockText } from '~/content/inbox-casework-clocks';
import { satisfactionText } from '~/content/inbox-satisfaction';
import type { LeadFilters } from '../api';
import { listHref } from './href';
import { LiveMessage } from '../shared/live-message';
import type { LeadKind, LeadPriority } from '../../../../domain/staff-api/shared';

const text = inboxPagesText.list;

const kindOptions = (Object.keys(inboxKindLabels) as LeadKind[]).map((kind) => ({
  value: kind,
  label: inboxKindLabels[kind],
}));

const priorityOptions = (Object.keys(inboxPriorityText.options) as LeadPriority[]).map((priority) => ({
  value: priority,
  label: inboxPriorityText.options[priority],
}));

const sortOptions = [
  ...(['newest', 'priority'] as const).map((sort) => ({ value: sort, label: inboxPriorityText.sorts[sort] })),
  { value: 'deadline', label: inboxDeadlineText.sort },
];

/** The orders other than newest first (the list's own, never written in the address). */
export function listSortOf(value: string | undefined): 'priority' | 'deadline' | undefined {
  return value === 'priority' || value === 'deadline' ? value : undefined;
}

/** True when both days are given and the first comes after the second ('YYYY-MM-DD' sorts as text). */
export function isImpossibleRange(from: string | undefined, to: string | undefined): boolean {
  return Boolean(from && to && from > to);
}

/**
 * The list's search form: free text, kind, priority, order and dates; the status and assignment
 * filters stay.
 */
export function Filters({
  filters,
  onApply,
}: {
  filters: LeadFilters;
  onApply: (filters: LeadFilters) => void;
}) {
  const [rangeError, setRangeError] = useState(isImpossibleRange(filters.from, filters.to));
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    const from = read('from');
    const to = read('to');
    if (isImpossibleRange(from, to)) {
      setRangeError(true);
      document.getElementById('filter-from')?.focus();
      return;
    }
    setRangeError(false);
    onApply({
      status: filters.status,
      assigned: filters.assigned,
      kind: read('kind'),
      priority: read('priority'),
      // Newest first is the list's own order; only the others go in the address.
      sort: listSortOf(read('sort')),
      from,
      to,
      q: read('q'),
      overdue: read('overdue'),
      satisfaction: read('satisfaction'),
    });
  };
  const dateError = rangeError ? text.dateOrder : undefined;
  return (
    <form
      role="search"
      aria-label={text.filtersHeading}
      onSubmit={apply}
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-4"
    >
      <FormField id="filter-q" label={text.search} hint={text.searchHint} className="col-span-2">
        {(control) => <Input {...control} type="search" name="q" defaultValue={filters.q ?? ''} />}
      </FormField>
      <FormField id="filter-kind" label={text.kind} className="min-w-0">
        {(control) => (
          <Select
            {...control}
            name="kind"
            options={kindOptions}
            placeholder={text.allKinds}
            defaultValue={filters.kind ?? ''}
          />
        )}
      </FormField>
      <FormField id="filter-priority" label={inboxPriorityText.filter} className="min-w-0">
        {(control) => (
          <Select
            {...control}
            name="priority"
            options={priorityOptions}
            placeholder={inboxPriorityText.allPriorities}
            defaultValue={filters.priority ?? ''}
          />
        )}
      </FormField>
      <FormField id="filter-sort" label={inboxPriorityText.sort} className="col-span-2 lg:col-span-1">
        {(control) => (
          <Select {...control} name="sort" options={sortOptions} defaultValue={filters.sort ?? 'newest'} />
        )}
      </FormField>
      <FormField
        id="filter-overdue"
        label={caseClockText.filter.label}
        className="col-span-2 min-w-0 lg:col-span-1"
      >
        {(control) => (
          <Select
            {...control}
            name="overdue"
            options={caseClockText.filter.options}
            placeholder={caseClockText.filter.all}
            defaultValue={filters.overdue ?? ''}
          />
        )}
      </FormField>
      <FormField id="filter-satisfaction" label={satisfactionText.filter.label} className="min-w-0">
        {(control) => (
          <Select
            {...control}
            name="satisfaction"
            options={satisfactionText.filter.options}
            placeholder={satisfactionText.filter.all}
            defaultValue={filters.satisfaction ?? ''}
          />
        )}
      </FormField>
      <FormField id="filter-from" label={text.from} className="min-w-0">
        {(control) => (
          <Input
            {...control}
            type="date"
            name="from"
            defaultValue={filters.from ?? ''}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'filter-range-error' : undefined}
            className="min-w-0"
          />
        )}
      </FormField>
      <FormField id="filter-to" label={text.to} className="min-w-0">
        {(control) => (
          <Input
            {...control}
            type="date"
            name="to"
            defaultValue={filters.to ?? ''}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'filter-range-error' : undefined}
            className="min-w-0"
          />
        )}
      </FormField>
      <LiveMessage
        id="filter-range-error"
        message={dateError}
        tone="error"
        className="col-span-2 lg:order-last lg:col-span-4"
      />
      <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-4">
        <Button type="submit">
          <Icon name="search" />
          {text.apply}
        </Button>
        <Link
          to={listHref({ status: filters.status, assigned: filters.assigned })}
          className={buttonClasses('ghost', 'md', 'underline')}
        >
          {text.reset}
        </Link>
      </div>
    </form>
  );
}
