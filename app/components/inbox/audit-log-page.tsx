import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import {
  auditActionLabels,
  auditDetailLabels,
  auditValueLabels,
  inboxKindLabels,
  inboxPaths,
  inboxStatusLabels,
  inboxText,
} from '~/content/inbox';
import { errorMessage, isUnauthorized, staffApi } from './api';
import { formatDateTime, isoDateTime } from './format';
import { LiveMessage } from './live-message';
import type { loadAudit } from './loaders';
import type { AuditEntry, AuditPage, LeadKind, LeadStatus } from '../../../domain/staff-api';

const text = inboxText.log;

function describeValue(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? auditValueLabels.yes : auditValueLabels.no;
  if (typeof value === 'string') {
    if ((key === 'from' || key === 'to' || key === 'status') && Object.hasOwn(inboxStatusLabels, value))
      return inboxStatusLabels[value as LeadStatus];
    if (key === 'kind' && Object.hasOwn(inboxKindLabels, value)) return inboxKindLabels[value as LeadKind];
    return value;
  }
  if (value && typeof value === 'object') {
    const parts = describeDetails(value as Record<string, unknown>);
    return parts.length > 0 ? `(${parts.join(', ')})` : auditValueLabels.none;
  }
  return String(value);
}

/** An entry's details as short Danish 'name: value' texts ({ from: 'new' } → 'fra: Ny'). */
export function describeDetails(details: AuditEntry['details']): string[] {
  if (!details) return [];
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${auditDetailLabels[key] ?? key}: ${describeValue(key, value)}`);
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
      <div className="grid max-w-3xl gap-2">
        <h1 tabIndex={-1} className="text-3xl font-bold text-brand-950 focus:outline-none">
          {text.heading}
        </h1>
        <p className="text-slate-700">{text.intro}</p>
      </div>
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
                className="grid gap-x-6 gap-y-1 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-[13rem_12rem_minmax(0,1fr)]"
              >
                <p className="text-sm text-slate-700">
                  <span className="sr-only">{text.columns.at}: </span>
                  <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time>
                </p>
                <p className="font-semibold text-slate-900">
                  <span className="sr-only">{text.columns.actor}: </span>
                  {entry.actor ?? text.system}
                </p>
                <div className="grid gap-1">
                  <p className="text-slate-900">
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
                    <p className="text-sm break-words text-slate-600">
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
      {nextCursor ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-center"
          onClick={showMore}
          disabled={loading}
        >
          {loading ? text.loadingMore : text.showMore}
        </Button>
      ) : null}
    </>
  );
}
