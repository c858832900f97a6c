import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { caseClockText } from '~/content/inbox-casework-clocks';
import { zonedTime } from '../../../../../domain/zoned-time';
import type { Milestone, MilestoneBody } from '../../../../../domain/staff-api/milestones';
import { errorMessage, isUnauthorized, StaffApiError, staffApi } from '../../api';
import { LiveMessage } from '../../shared/live-message';
import { CardForm } from '../../shared/card';

const text = caseClockText.form;
type Kind = MilestoneBody['kind'];
/** The fields a Danish error message may belong to, by the last part of the API's field name. */
const fields = ['kind', 'at', 'eta', 'affugtere', 'forventetDage', 'note'] as const;
type Field = (typeof fields)[number];

/** "2026-12-03T10:00" read as Danish wall-clock time, as an instant; undefined when empty. */
function instantOf(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return local ? local : undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return zonedTime(y, mo, d, h, mi).toISOString();
}

/** The API's field errors by our field; the rest (and the message when none fits) for the form. */
function placeErrors(error: unknown): { byField: Partial<Record<Field, string>>; rest: string | null } {
  const byField: Partial<Record<Field, string>> = {};
  const rest: string[] = [];
  const given = error instanceof StaffApiError ? error.fields : {};
  for (const [name, message] of Object.entries(given)) {
    const field = fields.find((candidate) => name.split('.').at(-1) === candidate);
    if (field) byField[field] = message;
    else rest.push(message);
  }
  const placed = Object.keys(byField).length > 0;
  return { byField, rest: rest.length > 0 ? rest.join(' ') : placed ? null : errorMessage(error) };
}

/**
 * Records a milestone: its kind, when (default now), what the kind carries (an expected arrival,
 * the dehumidifiers and days) and, for "på vej" and "skadestop", whether the customer is told.
 * The server's Danish messages stand at their fields.
 */
export function MilestoneForm({
  leadId,
  onRecorded,
  onUnauthorized,
}: {
  leadId: string;
  onRecorded: (milestone: Milestone) => void;
  onUnauthorized: () => void;
}) {
  const [kind, setKind] = useState<Kind>('paa-vej');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const tellsCustomer = kind === 'paa-vej' || kind === 'skadestop';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string) => String(data.get(name) ?? '').trim();
    const details =
      kind === 'paa-vej'
        ? { eta: read('eta') }
        : kind === 'affugtning-startet'
          ? { affugtere: read('affugtere'), forventetDage: read('forventetDage') }
          : undefined;
    const at = instantOf(read('at'));
    const note = read('note');
    const body: MilestoneBody = {
      kind,
      ...(at ? { at } : {}),
      ...(note ? { note } : {}),
      ...(details ? { details } : {}),
      ...(tellsCustomer ? { notifyCustomer: data.get('notifyCustomer') === 'on' } : {}),
    };
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const answer = await staffApi.recordMilestone(leadId, body);
      form.reset();
      setKind('paa-vej');
      onRecorded(answer.milestone);
    } catch (caught) {
      if (isUnauthorized(caught)) return onUnauthorized();
      const placed = placeErrors(caught);
      setErrors(placed.byField);
      setFormError(placed.rest);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardForm
      id="milestone-form"
      heading={text.heading}
      onSubmit={submit}
      className="border-t border-slate-200 pt-4"
    >
      <LiveMessage message={formError} tone="error" />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="milestone-kind" label={text.kind} error={errors.kind}>
          {(control) => (
            <Select
              {...control}
              name="kind"
              options={text.kinds}
              value={kind}
              onChange={(event) => setKind(event.target.value as Kind)}
            />
          )}
        </FormField>
        <FormField id="milestone-at" label={text.at} hint={text.atHint} error={errors.at}>
          {(control) => <Input {...control} type="datetime-local" name="at" />}
        </FormField>
        {kind === 'paa-vej' ? (
          <FormField id="milestone-eta" label={text.eta} error={errors.eta}>
            {(control) => <Input {...control} type="time" name="eta" />}
          </FormField>
        ) : null}
        {kind === 'affugtning-startet' ? (
          <>
            <FormField id="milestone-affugtere" label={text.affugtere} error={errors.affugtere}>
              {(control) => (
                <Input {...control} type="number" inputMode="numeric" min={1} max={100} name="affugtere" />
              )}
            </FormField>
            <FormField id="milestone-days" label={text.forventetDage} error={errors.forventetDage}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={365}
                  name="forventetDage"
                />
              )}
            </FormField>
          </>
        ) : null}
      </div>
      <FormField id="milestone-note" label={text.note} error={errors.note}>
        {(control) => <Textarea {...control} name="note" rows={2} />}
      </FormField>
      {tellsCustomer ? (
        <label className="flex items-center gap-2 font-medium text-slate-900">
          <input type="checkbox" name="notifyCustomer" defaultChecked className="size-5 accent-brand-700" />
          {text.notify}
        </label>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? text.saving : text.save}
        </Button>
      </div>
    </CardForm>
  );
}
