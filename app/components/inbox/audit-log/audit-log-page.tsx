import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { inboxPaths } from '~/content/inbox';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxKindLabels } from '~/content/inbox-kinds';
import {
  auditActionLabels,
  auditDetailLabels,
  auditValueLabels,
  inboxPagesText,
} from '~/content/inbox-pages';
import { errorMessage, isUnauthorized, staffApi } from '../api';
import { formatDateTime, formatDay, isoDateTime } from '../shared/format';
import { LiveMessage } from '../shared/live-message';
import type { loadAudit } from '../loaders';
import type { AuditEntry, AuditPage } from '../../../../domain/staff-api/audit';
import type { LeadKind, LeadStatus } from '../../../../domain/staff-api/shared';
import { PageHeading } from '../shared/page-heading';
import { ShowMoreButton } from '../shared/show-more';

const text = inboxPagesText.log;

/** The order details are shown in; a range's start comes before its end ("fra … til"). */
const detailOrder = Object.keys(auditDetailLabels);

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const weekdays = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);

function describeValue(key: string, value: unknown): string {
  if (key === 'weekday' && typeof value === 'number') return weekdays[value] ?? String(value);
  if (key === 'hour' && typeof value === 'number') return `${String(value).padStart(2, '0')}:00`;
  if (typeof value === 'boolean') return value ? auditValueLabels.yes! : auditValueLabels.no!;
  if (typeof value === 'string') {
    if ((key === 'from' || key === 'to' || key === 'status') && Object.hasOwn(inboxStatusLabels, value))
      return inboxStatusLabels[value as LeadStatus];
    if (key === 'kind' && Object.hasOwn(inboxKindLabels, value)) return inboxKindLabels[value as LeadKind];
    if (isDay(value)) return formatDay(value);
    if (isInstant(value)) return formatDateTime(value);
    return auditValueLabels[value] ?? value;
  }
  if (Array.isArray(value)) return String(value.length);
  if (value && typeof value === 'object') {
    const parts = describeDetails(value as Record<string, unknown>);
    return parts.length > 0 ? `(${parts.join(', ')})` : auditValueLabels.none!;
  }
  return String(value);
}

function label(key: string): string {
  return auditDetailLabels[key] ?? key;
}

/**
 * An entry's details as short Danish texts, in a fixed order: a range as one text
 * ({ to: 'done', from: 'new' } → 'fra Ny til Afsluttet'), anything else as 'name: value'.
 */
export function describeDetails(details: AuditEntry['details']): string[] {
  if (!details) return [];
  const entries = Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .sort(([a], [b]) => rank(a) - rank(b));
  const parts: string[] = [];
  const range = entries
    .filter(([key]) => key === 'from' || key === 'to')
    .map(([key, value]) => `${label(key)} ${describeValue(key, value)}`);
  if (range.length > 0) parts.push(range.join(' '));
  for (const [key, value] of entries) {
    if (key === 'from' || key === 'to') continue;
    parts.push(`${label(key)}: ${describeValue(key, value)}`);
  }
  return parts;
}

function rank(key: string): number {
  const index = detailOrder.indexOf(key);
  return index === -1 ? detailOrder.length : index;
}

/** /indbakke/log: the audit log, newest first, paged with "Vis flere". */
export function AuditLogPage() {
  const { page } = useLoaderData<typeof loadAudit>();
  const navigate = useNavigate();
  const [more, setMore] = useState<{
    base: AuditPage;
    entries: AuditEntry[];
    nextCursor: string | null;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const extra = more?.base === page ? more : null;
  const entries = extra ? [...page.entries, ...extra.entries] : page.entries;
  const nextCursor = extra ? extra.nextCursor : page.nextCursor;

  const showMore = async () => {
    if (!nextCursor) return;
    setError(null);
    setLoading(true);
    try {
      const next = await staffApi.audit(nextCursor);
      setMore({
        base: page,
        entries: [...(extra?.entries ?? []), ...next.entries],
        nextCursor: next.nextCursor,
      });
    } catch (caught) {
      if (isUnauthorized(caught)) return void navigate(inboxPaths.login, { replace: true });
      setError(errorMessage(caught));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PageHeading heading={text.heading} intro={text.intro} narrow />
      <LiveMessage message={error} tone="error" />
      <p role="status" className="font-medium text-slate-700">
        {entries.length === 0 ? text.empty : text.showing(entries.length)}
      </p>
      {entries.length > 0 ? (
        <ol className="grid gap-2">
          {entries.map((entry, index) => {
            const details = describeDetails(entry.details);
            return (
              <li
                key={`${entry.at}-${index}`}
                className="grid gap-x-6 gap-y-1 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-[11rem_minmax(0,15rem)_minmax(0,1fr)]"
              >
                <p className="text-sm text-slate-700">
                  <span className="sr-only">{text.columns.at}: </span>
                  <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time>
                </p>
                <p className="min-w-0 font-semibold wrap-anywhere text-slate-900">
                  <span className="sr-only">{text.columns.actor}: </span>
                  {entry.actor ?? text.system}
                </p>
                <div className="grid min-w-0 gap-1">
                  <p className="wrap-anywhere text-slate-900">
                    <span className="sr-only">{text.columns.action}: </span>
                    {auditActionLabels[entry.action] ?? entry.action}
                    {entry.leadId ? (
                      <>
                        {' · '}
                        <Link
                          to={inboxPaths.lead(entry.leadId)}
                          className="text-brand-800 underline underline-offset-4"
                        >
                          {text.openLead}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  {details.length > 0 ? (
                    <p className="text-sm wrap-anywhere text-slate-600">
                      <span className="sr-only">{text.columns.details}: </span>
                      {details.join(' · ')}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {nextCursor ? <ShowMoreButton onClick={showMore} loading={loading} /> : null}
    </>
  );
}
