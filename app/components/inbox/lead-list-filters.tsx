import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { inboxKindLabels } from '~/content/inbox';
import { inboxPagesText } from '~/content/inbox-pages';
import type { LeadFilters } from './api';
import { listHref } from './lead-list-href';
import { LiveMessage } from './live-message';
import type { LeadKind } from '../../../domain/staff-api/shared';

const text = inboxPagesText.list;

const kindOptions = (Object.keys(inboxKindLabels) as LeadKind[]).map((kind) => ({
  value: kind,
  label: inboxKindLabels[kind],
}));

/** True when both days are given and the first comes after the second ('YYYY-MM-DD' sorts as text). */
export function isImpossibleRange(from: string | undefined, to: string | undefined): boolean {
  return Boolean(from && to && from > to);
}

/** The list's search form: free text, kind and dates; the status and assignment filters stay. */
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
      from,
      to,
      q: read('q'),
    });
  };
  const dateError = rangeError ? text.dateOrder : undefined;
  return (
    <form
      role="search"
      aria-label={text.filtersHeading}
      onSubmit={apply}
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
    >
      <FormField
        id="filter-q"
        label={text.search}
        hint={text.searchHint}
        className="col-span-2 lg:col-span-1"
      >
        {(control) => <Input {...control} type="search" name="q" defaultValue={filters.q ?? ''} />}
      </FormField>
      <FormField id="filter-kind" label={text.kind} className="col-span-2 lg:col-span-1">
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
        className="col-span-2 lg:order-last lg:col-span-5"
      />
      <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-1">
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
