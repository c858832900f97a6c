import { Fragment } from 'react';
import { Link } from 'react-router';
import { inboxPaths } from '~/content/inbox';
import { inboxDuplicateText as text } from '~/content/inbox-duplicates';
import type { LeadDetail } from '../../../../domain/staff-api/leads';

const link = 'font-semibold text-brand-900 underline underline-offset-4';

/**
 * The lead page's links between a duplicate emergency and the one it repeats: "Dublet af SK-…" on
 * the duplicate, "Dubletter: SK-…, SK-…" on the original; nothing for any other lead.
 */
export function LeadDuplicates({ lead }: { lead: LeadDetail }) {
  const duplicates = lead.duplicates ?? [];
  if (!lead.duplicateOf && duplicates.length === 0) return null;
  return (
    <div
      className="grid gap-1 rounded-lg border-l-4 border-sky-700 bg-sky-50 px-3 py-2"
      data-testid="duplicates"
    >
      {lead.duplicateOf ? (
        <p>
          {text.duplicateOfPrefix}{' '}
          <Link to={inboxPaths.lead(lead.duplicateOf.id)} className={link}>
            {lead.duplicateOf.reference}
          </Link>
        </p>
      ) : null}
      {duplicates.length > 0 ? (
        <p>
          {text.duplicates}{' '}
          {duplicates.map((duplicate, index) => (
            <Fragment key={duplicate.id}>
              {index > 0 ? ', ' : null}
              <Link to={inboxPaths.lead(duplicate.id)} className={link}>
                {duplicate.reference}
              </Link>
            </Fragment>
          ))}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">{text.hint}</p>
    </div>
  );
}
