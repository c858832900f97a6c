import { useState, type FormEvent } from 'react';
import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { caseStepsText as text } from '~/content/inbox-case-steps';
import { cn } from '~/lib/cn';
import { caseProgress, caseStepLabels, formatVisitTime } from '../../../../domain/case-steps';
import { localParts } from '../../../../domain/zoned-time';
import { staffApi } from '../api';
import { Card } from '../shared/card';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import { useBusy } from '../shared/use-busy';

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the date-and-time field shows it: Danish wall-clock time, "2026-12-03T10:00". */
function localInputValue(iso: string): string {
  const p = localParts(new Date(iso));
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * The customer's five steps as their case page shows them (one mapping, domain/case-steps.ts),
 * and the agreed visit: set, moved or cleared here, it is the step "Besigtigelse aftalt".
 */
export function LeadCaseSteps({
  lead,
  onVisitChanged,
  onStartWork,
  onError,
}: {
  lead: LeadDetail;
  onVisitChanged: (visitAt: string | null, done: string) => void;
  /** Records the customer's step "I gang" on a lead the on-call acknowledgement moved. */
  onStartWork: () => void;
  onError: (error: unknown) => void;
}) {
  const visitAt = lead.visitAt ?? null;
  const [value, setValue] = useState(visitAt ? localInputValue(visitAt) : '');
  const [busy, run] = useBusy(onError);
  const [missing, setMissing] = useState(false);
  const [notify, setNotify] = useState(true);
  const progress = caseProgress({
    status: lead.status,
    calledBackAt: lead.calledBackAt,
    visitAt,
    workStartedAt: lead.workStartedAt ?? null,
    onSiteAt: lead.onSiteAt ?? null,
  });

  const save = async (next: string | null) => {
    await run(async () => {
      const answer = await staffApi.setVisit(lead.id, next, notify);
      setValue(answer.visitAt ? localInputValue(answer.visitAt) : '');
      onVisitChanged(
        answer.visitAt,
        answer.visitAt ? text.visitSaved(formatVisitTime(new Date(answer.visitAt))) : text.visitCleared,
      );
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(value === '');
    if (value !== '') void save(value);
  };

  return (
    <Card id="case-steps" heading={text.heading} print="hidden">
      <p className="text-sm text-slate-700">{text.intro}</p>
      <ol className="grid gap-2">
        {progress.steps.map(({ step, done }) => (
          <li
            key={step}
            aria-current={step === progress.current ? 'step' : undefined}
            className={cn('flex items-start gap-2', done ? 'text-slate-900' : 'text-slate-600')}
          >
            <span
              className={cn(
                'mt-0.5 grid size-6 shrink-0 place-items-center rounded-full border-2',
                done ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400 bg-white',
              )}
            >
              {done ? <Icon name="check" className="size-4" /> : null}
            </span>
            <span className={cn('grid', step === progress.current && 'font-semibold')}>
              <span>
                {caseStepLabels[step]}
                <span className="sr-only">
                  {' '}
                  ({done ? (step === progress.current ? text.current : text.done) : text.notDone})
                </span>
              </span>
              {step === 'visit-agreed' && visitAt ? (
                <span className="text-sm font-normal text-slate-700">
                  {formatVisitTime(new Date(visitAt))}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      {lead.status === 'in-progress' && !lead.workStartedAt ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-slate-700">{text.notStarted}</p>
          <Button type="button" variant="outline" onClick={onStartWork}>
            {text.startWork}
          </Button>
        </div>
      ) : null}
      {lead.status === 'spam' ? null : (
        <form className="grid gap-2 print:hidden" onSubmit={submit} noValidate>
          <label htmlFor="lead-visit" className="font-semibold text-slate-900">
            {text.visitLabel}
          </label>
          <p id="lead-visit-hint" className="text-sm text-slate-700">
            {text.visitHint}
          </p>
          {missing ? (
            <p id="lead-visit-error" className="text-sm font-semibold text-emergency-700">
              {text.visitMissing}
            </p>
          ) : null}
          <Input
            id="lead-visit"
            type="datetime-local"
            value={value}
            disabled={busy}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? 'lead-visit-hint lead-visit-error' : 'lead-visit-hint'}
            onChange={(event) => setValue(event.target.value)}
          />
          <label className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="checkbox"
              checked={notify}
              disabled={busy}
              onChange={(event) => setNotify(event.target.checked)}
              className="size-5 accent-brand-700"
            />
            {text.notifyOnVisit}
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? text.saving : text.visitSave}
            </Button>
            {visitAt ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="underline"
                disabled={busy}
                onClick={() => void save(null)}
              >
                {text.visitClear}
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </Card>
  );
}
