import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Select } from '~/components/ui/select';
import { inboxPaths } from '~/content/inbox';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { oncallText } from '~/content/inbox-oncall';
import { errorMessage, isUnauthorized, staffApi } from '../api';
import { formatDateTime, isoDateTime } from '../shared/format';
import { Card } from '../shared/card';
import { LiveMessage } from '../shared/live-message';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import { milestoneLabels } from '../../../../domain/milestones';
import { formatClock } from '../../../../domain/zoned-time';
import type { StaffPerson, TimelineAnswer } from '../../../../domain/staff-api/oncall';

const text = oncallText.handling;
const events = oncallText.timeline;

type TimelineEvent = TimelineAnswer['events'][number];
type Named = { id: string; name: string } | null;

/** A timeline event as one Danish line. */
export function describeEvent(event: TimelineEvent): string {
  const name = (person: Named | undefined) => person?.name ?? text.someone;
  switch (event.kind) {
    case 'received':
      return events.received;
    case 'paged':
      return event.again
        ? events.pagedAgain(name(event.person), event.step ?? 0)
        : events.paged(name(event.person), event.step ?? 0);
    case 'in-digest':
      return events.inDigest(name(event.person), event.step ?? 0, event.again ?? false);
    case 'reminded':
      return events.reminded(name(event.person));
    case 'ack-withdrawn':
      return events.withdrawn(
        name(event.person),
        event.takenAt ? formatClock(new Date(event.takenAt)) : null,
      );
    case 'page-failed':
      return events.pageFailed(name(event.person), event.gaveUp ?? false);
    case 'acknowledged':
      return events.acknowledged(name(event.person));
    case 'assigned': {
      const to = event.to && typeof event.to === 'object' ? event.to.name : null;
      return events.assigned(to, name(event.by));
    }
    case 'called-back':
      return events.calledBack(name(event.person));
    case 'status-changed': {
      const label = (status: unknown) =>
        typeof status === 'string' && Object.hasOwn(inboxStatusLabels, status)
          ? inboxStatusLabels[status as keyof typeof inboxStatusLabels]
          : String(status);
      return events.statusChanged(label(event.from), label(event.to), name(event.by));
    }
    case 'visit-set':
      return events.visitSet(event.visitAt ? formatDateTime(event.visitAt) : null, name(event.by));
    case 'work-started':
      return events.workStarted(name(event.by));
    case 'milestone':
    case 'milestone-withdrawn': {
      const label = event.milestone ? milestoneLabels[event.milestone] : '';
      return event.kind === 'milestone'
        ? events.milestone(label, name(event.by))
        : events.milestoneWithdrawn(label, name(event.by));
    }
  }
}

/**
 * A lead's on-call handling: who has it ("Tildelt"), who took the page, "Ringet op" (the first
 * press stamps who and when) and the timeline, oldest first. Changes answer the new state, and
 * the timeline is read again (no reload of the lead, so no extra "viewed" in the audit log).
 */
export function LeadHandling({
  lead,
  staff,
  timeline: loadedTimeline,
  onCalledBack,
}: {
  lead: LeadDetail;
  staff: StaffPerson[] | null;
  timeline: TimelineEvent[] | null;
  /** The callback stamp as saved, for what else the page shows of it (the customer's steps). */
  onCalledBack?: (calledBackAt: string) => void;
}) {
  const navigate = useNavigate();
  const [assignedTo, setAssignedTo] = useState<Named>(lead.assignedTo);
  const [calledBack, setCalledBack] = useState<{ at: string; by: Named } | null>(
    lead.calledBackAt ? { at: lead.calledBackAt, by: lead.calledBackBy } : null,
  );
  const [timeline, setTimeline] = useState(loadedTimeline);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const people = new Map((staff ?? []).map((person) => [person.id, person]));
  const named = (id: string | null): Named =>
    id ? { id, name: people.get(id)?.name ?? text.someone } : null;

  // The status is changed elsewhere on the page: its event belongs in the timeline too.
  const shownStatus = useRef(lead.status);
  useEffect(() => {
    if (shownStatus.current === lead.status) return;
    shownStatus.current = lead.status;
    staffApi.timeline(lead.id).then(
      (answer) => setTimeline(answer.events),
      () => undefined,
    );
  }, [lead.id, lead.status]);

  const act = async (run: () => ReturnType<typeof staffApi.calledBack>, done: (answer: Named) => string) => {
    setError(null);
    setMessage(null);
    setBusy(true);
    try {
      const answer = await run();
      setAssignedTo(named(answer.assignedTo));
      setCalledBack(answer.calledBackAt ? { at: answer.calledBackAt, by: named(answer.calledBackBy) } : null);
      if (answer.calledBackAt) onCalledBack?.(answer.calledBackAt);
      setMessage(done(named(answer.assignedTo)));
      setTimeline((await staffApi.timeline(lead.id).catch(() => null))?.events ?? timeline);
    } catch (caught) {
      if (isUnauthorized(caught)) return void navigate(inboxPaths.login, { replace: true });
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const options = (staff ?? [])
    .filter((person) => !person.disabled || person.id === assignedTo?.id)
    .map((person) => ({ value: person.id, label: person.name }));
  if (assignedTo && !options.some((option) => option.value === assignedTo.id))
    options.push({ value: assignedTo.id, label: assignedTo.name });

  return (
    <Card id="handling" heading={text.heading} print="sheet">
      <FormField id="lead-assignee" label={text.assignee} className="print:hidden">
        {(control) => (
          <Select
            {...control}
            options={options}
            placeholder={text.nobody}
            value={assignedTo?.id ?? ''}
            disabled={busy || staff === null}
            onChange={(event) => {
              const assignee = event.target.value || null;
              void act(
                () => staffApi.assign(lead.id, assignee),
                (to) => text.assigned(to?.name ?? null),
              );
            }}
          />
        )}
      </FormField>
      <p className="text-sm text-slate-700">
        {lead.acknowledgedAt
          ? text.acknowledged(lead.acknowledgedBy?.name ?? text.someone, formatDateTime(lead.acknowledgedAt))
          : lead.pagesOnCall
            ? text.notAcknowledged
            : null}
      </p>
      {calledBack ? (
        <p className="flex items-start gap-2 font-medium text-slate-900">
          <Icon name="phone" className="mt-0.5 size-5 text-brand-800" />
          <span>{text.calledBackBy(calledBack.by?.name ?? text.someone, formatDateTime(calledBack.at))}</span>
        </p>
      ) : (
        <Button
          type="button"
          className="justify-self-start print:hidden"
          disabled={busy}
          onClick={() =>
            void act(
              () => staffApi.calledBack(lead.id),
              () => text.calledBackDone,
            )
          }
        >
          <Icon name="phone" />
          {busy ? text.saving : text.calledBack}
        </Button>
      )}
      <LiveMessage message={error} tone="error" className="print:hidden" />
      <LiveMessage message={message} className="print:hidden" />

      <h3 className="text-lg font-semibold text-brand-950 print:text-sm">{text.timelineHeading}</h3>
      {timeline ? (
        <ol className="grid gap-2 border-l-2 border-slate-200 pl-4">
          {timeline.map((event, index) => (
            <li key={`${event.kind}-${event.at}-${index}`} className="grid gap-0.5">
              <time dateTime={isoDateTime(event.at)} className="text-sm text-slate-600">
                {formatDateTime(event.at)}
              </time>
              <span className="wrap-anywhere text-slate-900">{describeEvent(event)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-700">{text.timelineMissing}</p>
      )}
    </Card>
  );
}
