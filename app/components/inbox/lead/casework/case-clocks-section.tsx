import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { caseClockText } from '~/content/inbox-casework-clocks';
import { cn } from '~/lib/cn';
import { localParts } from '../../../../../domain/zoned-time';
import type { Deadline, Milestone, MilestonesAnswer } from '../../../../../domain/staff-api/milestones';
import { errorMessage, isUnauthorized, staffApi } from '../../api';
import { formatDateTime, isoDateTime } from '../../shared/format';
import { LiveMessage } from '../../shared/live-message';
import { Card } from '../../shared/card';
import { MilestoneForm } from './milestone-form';

const text = caseClockText.section;

/** A deadline at midnight is the end of the day before: '30. nov. 2026 kl. 23.59', the day it is due. */
function dueWords(dueAt: string): string {
  const due = new Date(dueAt);
  const p = localParts(due);
  const atMidnight = p.hour === 0 && p.minute === 0;
  return formatDateTime(atMidnight ? new Date(due.getTime() - 60_000).toISOString() : dueAt);
}

type DeadlineState = 'met' | 'late' | 'missed' | 'open';

function stateOf(deadline: Deadline, now: Date): DeadlineState {
  const due = new Date(deadline.dueAt).getTime();
  if (deadline.metAt) return new Date(deadline.metAt).getTime() > due ? 'late' : 'met';
  return now.getTime() > due ? 'missed' : 'open';
}

function DeadlineRow({ deadline, now }: { deadline: Deadline; now: Date }) {
  const state = stateOf(deadline, now);
  const words =
    state === 'met'
      ? text.met(formatDateTime(deadline.metAt!))
      : state === 'late'
        ? text.metLate(formatDateTime(deadline.metAt!))
        : state === 'missed'
          ? text.missed
          : text.open;
  return (
    <li data-deadline-state={state} className="flex flex-wrap items-baseline justify-between gap-x-3">
      <span>
        <span className="font-semibold">{text.clockLabels[deadline.kind]}</span>{' '}
        <time dateTime={isoDateTime(deadline.dueAt)}>{text.dueAt(dueWords(deadline.dueAt))}</time>
      </span>
      <span
        className={cn(
          'text-sm font-semibold',
          state === 'missed' || state === 'late'
            ? 'rounded bg-emergency-50 px-1 text-emergency-800'
            : 'text-slate-800',
        )}
      >
        {words}
      </span>
    </li>
  );
}

/** What the milestone carries, in words: the expected arrival, the dehumidifiers and days. */
function detailWords(milestone: Milestone): string | null {
  const details = milestone.details;
  if (milestone.kind === 'paa-vej' && typeof details.eta === 'string') return text.eta(details.eta);
  if (milestone.kind === 'affugtning-startet' && details.affugtere !== undefined)
    return text.drying(details.affugtere, details.forventetDage);
  return null;
}

function MilestoneRow({
  milestone,
  busy,
  onWithdraw,
}: {
  milestone: Milestone;
  busy: boolean;
  onWithdraw: () => void;
}) {
  const label = text.milestoneLabels[milestone.kind];
  const when = formatDateTime(milestone.at);
  const withdrawn = milestone.withdrawnAt !== null;
  const extra = detailWords(milestone);
  return (
    <li data-withdrawn={withdrawn || undefined} className="flex flex-wrap items-start justify-between gap-2">
      <div className={cn('grid gap-0.5', withdrawn && 'text-slate-600')}>
        <p>
          {withdrawn ? (
            <s>
              <span className="font-semibold">{label}</span>{' '}
              <time dateTime={isoDateTime(milestone.at)}>{when}</time>
            </s>
          ) : (
            <>
              <span className="font-semibold">{label}</span>{' '}
              <time dateTime={isoDateTime(milestone.at)}>{when}</time>
            </>
          )}{' '}
          <span className="text-sm">{milestone.by ? text.by(milestone.by) : text.bySystem}</span>
        </p>
        {extra ? <p className="text-sm">{extra}</p> : null}
        {milestone.note ? (
          <p className="text-sm wrap-anywhere whitespace-pre-line">{milestone.note}</p>
        ) : null}
        {withdrawn ? <p className="text-sm font-semibold text-slate-800">{text.withdrawn}</p> : null}
      </div>
      {withdrawn ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={text.withdrawLabel(label, when)}
          onClick={onWithdraw}
        >
          {text.withdraw}
        </Button>
      )}
    </li>
  );
}

/**
 * The lead page's milestones (withdrawn ones struck through) and the case's deadlines, each met,
 * missed or open; a milestone recorded by mistake is withdrawn here, a new one recorded below.
 */
export function CaseClocksSection({
  leadId,
  version,
  onUnauthorized,
}: {
  leadId: string;
  /** The lead's version (GET …/version): a milestone someone else records or withdraws loads anew. */
  version?: string | null;
  onUnauthorized: () => void;
}) {
  const [answer, setAnswer] = useState<MilestonesAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);
  // The page hands a new function each render; the load must not run again for that.
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  });

  useEffect(() => {
    const controller = new AbortController();
    staffApi.milestones(leadId, controller.signal).then(
      // An answer of another shape lists nothing rather than take the lead page down.
      (loaded) => setAnswer({ milestones: loaded.milestones ?? [], deadlines: loaded.deadlines ?? [] }),
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        if (isUnauthorized(caught)) return unauthorized.current();
        setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [leadId, reloads, version]);

  const reload = (done: string) => {
    setError(null);
    setMessage(done);
    setReloads((n) => n + 1);
  };

  const withdraw = async (milestone: Milestone) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      await staffApi.withdrawMilestone(leadId, milestone.id);
      reload(text.withdrawnDone(text.milestoneLabels[milestone.kind]));
    } catch (caught) {
      if (isUnauthorized(caught)) return onUnauthorized();
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const now = new Date();
  return (
    <Card id="case-clocks" heading={text.heading} print="hidden">
      <LiveMessage message={error} tone="error" />
      <LiveMessage message={message} />
      {answer ? (
        <>
          <h3 className="text-lg font-semibold text-brand-950">{text.deadlinesHeading}</h3>
          {answer.deadlines.length > 0 ? (
            <ul aria-label={text.deadlinesHeading} className="grid gap-2">
              {answer.deadlines.map((deadline) => (
                <DeadlineRow key={deadline.kind} deadline={deadline} now={now} />
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">{text.noDeadlines}</p>
          )}
          <h3 className="text-lg font-semibold text-brand-950">{text.milestonesHeading}</h3>
          {answer.milestones.length > 0 ? (
            <ol aria-label={text.milestonesHeading} className="grid gap-3">
              {answer.milestones.map((milestone) => (
                <MilestoneRow
                  key={milestone.id}
                  milestone={milestone}
                  busy={busy}
                  onWithdraw={() => void withdraw(milestone)}
                />
              ))}
            </ol>
          ) : (
            <p className="text-slate-700">{text.noMilestones}</p>
          )}
        </>
      ) : error ? null : (
        <p className="text-slate-700">{text.loading}</p>
      )}
      <MilestoneForm
        leadId={leadId}
        onUnauthorized={onUnauthorized}
        onRecorded={(milestone) => reload(caseClockText.form.saved(text.milestoneLabels[milestone.kind]))}
      />
    </Card>
  );
}
