import { Button } from '~/components/ui/button';
import { inboxPagesText } from '~/content/inbox-pages';
import { staffApi } from '../api';
import { formatDateTime } from '../shared/format';
import { Card } from '../shared/card';
import type { CaseLinkState, LeadDetail } from '../../../../domain/staff-api/leads';
import { useBusy } from '../shared/use-busy';

const text = inboxPagesText.lead;

/** The customer's case page link: its state, a new link by e-mail, or closing it. */
export function CaseLinkSection({
  lead,
  caseLink,
  onChanged,
  onError,
}: {
  lead: LeadDetail;
  caseLink: CaseLinkState;
  onChanged: (caseLink: CaseLinkState, done: string) => void;
  onError: (error: unknown) => void;
}) {
  const [busy, run] = useBusy(onError);
  const act = async (call: () => Promise<{ caseLink: CaseLinkState }>, done: string) => {
    await run(async () => {
      onChanged((await call()).caseLink, done);
    });
  };
  return (
    <Card id="case-link" heading={text.caseLinkHeading} print="hidden">
      <p className="wrap-anywhere">
        {caseLink.open
          ? text.caseLinkOpen(caseLink.lastSentAt ? formatDateTime(caseLink.lastSentAt) : null)
          : text.caseLinkClosed}
      </p>
      <p className="text-sm text-slate-700">{text.caseLinkHint}</p>
      <div className="flex flex-wrap gap-2">
        {lead.status === 'spam' ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void act(() => staffApi.sendCaseLink(lead.id), text.caseLinkSent)}
          >
            {text.sendCaseLink}
          </Button>
        )}
        {caseLink.open ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="underline"
            disabled={busy}
            onClick={() => void act(() => staffApi.closeCaseLink(lead.id), text.caseLinkClosedDone)}
          >
            {text.closeCaseLink}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
