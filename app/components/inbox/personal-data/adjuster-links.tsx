import type { ReactNode } from 'react';
import { inboxPagesText } from '~/content/inbox-pages';
import { satisfactionLabels, type SatisfactionScore } from '../../../../domain/satisfaction-scale';
import type { PersonAdjusterLink } from '../../../../domain/staff-api/personal-data';
import { formatDateTime, isoDateTime } from '../shared/format';

const text = inboxPagesText.personalData;

function When({ iso }: { iso: string }) {
  return <time dateTime={isoDateTime(iso)}>{formatDateTime(iso)}</time>;
}

/** One term of the link's list and what it says. */
function Entry({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

/**
 * The person as a loss adjuster: each link to the adjuster's page they were given, with their
 * messages and satisfaction answer. The case itself is the customer's and is not shown.
 */
export function AdjusterLinksFound({ links }: { links: readonly PersonAdjusterLink[] }) {
  return (
    <section aria-labelledby="person-adjuster-heading" className="grid gap-3">
      <h3 id="person-adjuster-heading" className="text-lg font-bold text-brand-950">
        {text.adjusterHeading}
      </h3>
      <p className="text-slate-700">{text.adjusterIntro}</p>
      <ul className="grid gap-3">
        {links.map((link) => (
          <li key={link.id} className="grid gap-1 rounded-xl border border-slate-300 bg-white p-4">
            <p className="font-semibold wrap-anywhere">
              {link.name} · {link.email}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
              <Entry term={text.adjusterCase}>{link.leadReference}</Entry>
              {link.insurer ? <Entry term={text.adjusterInsurer}>{link.insurer}</Entry> : null}
              <Entry term={text.adjusterGiven}>
                <When iso={link.createdAt} />
                {link.createdBy ? ` · ${link.createdBy}` : null}
              </Entry>
              {link.lastOpenedAt ? (
                <Entry term={text.adjusterLastOpened}>
                  <When iso={link.lastOpenedAt} />
                </Entry>
              ) : null}
              {link.revokedAt ? (
                <Entry term={text.adjusterClosed}>
                  <When iso={link.revokedAt} />
                </Entry>
              ) : null}
              {link.satisfaction ? (
                <Entry term={text.adjusterSatisfaction} className="wrap-anywhere">
                  {satisfactionLabels[link.satisfaction.score as SatisfactionScore] ??
                    link.satisfaction.score}
                  {link.satisfaction.comment ? ` – ${link.satisfaction.comment}` : null}
                </Entry>
              ) : null}
            </dl>
            {link.messages.length > 0 ? (
              <details className="text-sm">
                <summary className="cursor-pointer">{text.adjusterMessages(link.messages.length)}</summary>
                <ul className="mt-2 grid gap-2">
                  {link.messages.map((message) => (
                    <li key={message.createdAt} className="whitespace-pre-wrap wrap-anywhere">
                      <When iso={message.createdAt} />: {message.body}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
