import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { satisfactionText } from '~/content/inbox-satisfaction';
import { satisfactionLabels, type SatisfactionScore } from '../../../../domain/satisfaction-scale';
import type { LeadSatisfactionAnswer } from '../../../../domain/staff-api/satisfaction';
import { staffRequest } from '../api';
import { formatDateTime } from '../shared/format';
import { LiveMessage } from '../shared/live-message';
import { useMay } from '../shared/staff-role';
import { Card } from '../shared/card';
import { useBusy } from '../shared/use-busy';

const text = satisfactionText.section;
const path = (id: string) => `/api/staff/leads/${encodeURIComponent(id)}/satisfaction`;

type Answer = NonNullable<LeadSatisfactionAnswer['satisfaction']>;

/**
 * "Kundetilfredshed": the customer's answer to the question asked when the case was closed, and
 * for an unhappy answer (1–2) a koordinator's "Markér som fulgt op". Read on its own after the
 * lead; shown only once the customer was asked.
 */
export function SatisfactionSection({
  leadId,
  version,
  onError,
}: {
  leadId: string;
  version?: string | null;
  onError: (error: unknown) => void;
}) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, run] = useBusy(onError);
  const [done, setDone] = useState<string | null>(null);
  const mayFollowUp = useMay('satisfactionFollowUp');

  useEffect(() => {
    const controller = new AbortController();
    staffRequest<LeadSatisfactionAnswer>('GET', path(leadId), undefined, controller.signal).then(
      (read) => setAnswer(read?.satisfaction ?? null),
      (caught) => {
        if (!controller.signal.aborted) onError(caught);
      },
    );
    return () => controller.abort();
    // onError is the page's; a new function per render must not read the answer again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leadId, version]);

  if (!answer) return null;

  const markHandled = async () => {
    setDone(null);
    await run(async () => {
      const read = await staffRequest<LeadSatisfactionAnswer>('POST', `${path(leadId)}/handled`);
      setAnswer(read.satisfaction);
      setDone(text.marked);
    });
  };

  return (
    <Card id="satisfaction" heading={text.heading} print="sheet">
      {answer.score === null || !answer.answeredAt ? (
        <p>{text.asked(formatDateTime(answer.askedAt))}</p>
      ) : (
        <div className="grid gap-2">
          <p className="text-lg font-semibold">
            {text.answer(answer.score, satisfactionLabels[answer.score as SatisfactionScore])}
          </p>
          <p className="text-slate-700">
            {text.answeredAt(
              formatDateTime(answer.answeredAt),
              answer.changedAt ? formatDateTime(answer.changedAt) : null,
            )}
          </p>
          <p className="font-medium">{text.comment}</p>
          <p className="whitespace-pre-line wrap-anywhere">{answer.comment ?? text.noComment}</p>
          {answer.needsFollowUp ? (
            <p className="font-semibold text-emergency-800">{text.needsFollowUp}</p>
          ) : answer.handledAt ? (
            <p>{text.handled(answer.handledByName, formatDateTime(answer.handledAt))}</p>
          ) : null}
          {answer.needsFollowUp && mayFollowUp ? (
            <Button
              type="button"
              onClick={() => void markHandled()}
              disabled={busy}
              className="justify-self-start"
            >
              {busy ? text.marking : text.markHandled}
            </Button>
          ) : null}
        </div>
      )}
      <LiveMessage message={done} />
    </Card>
  );
}
