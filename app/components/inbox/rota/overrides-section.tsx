import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { oncallText } from '~/content/inbox-oncall';
import { LiveMessage } from '../shared/live-message';
import { formatSlotRange, fromLocalInput, toLocalInput } from '../shared/oncall-format';
import { Card } from '../shared/card';
import type { RotaAnswer } from '../../../../domain/staff-api/oncall';

const text = oncallText.rota;

/** The overrides (someone covers a period instead of the chain), and a form to add one. */
export function OverridesSection({
  rota,
  nameOf,
  onAdd,
  onRemove,
}: {
  rota: RotaAnswer;
  nameOf: (id: string | null) => string;
  onAdd: (override: { userId: string; startsAt: string; endsAt: string }) => Promise<boolean>;
  onRemove: (id: string) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const people = rota.staff
    .filter((person) => !person.disabled && person.phone)
    .map((person) => ({ value: person.id, label: person.name }));
  const now = new Date();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const userId = String(data.get('userId') ?? '');
    const startsAt = fromLocalInput(String(data.get('startsAt') ?? ''));
    const endsAt = fromLocalInput(String(data.get('endsAt') ?? ''));
    if (!userId || !startsAt || !endsAt) return setFormError(text.overrideMissing);
    if (endsAt <= startsAt) return setFormError(text.overrideOrder);
    setFormError(null);
    setBusy(true);
    if (await onAdd({ userId, startsAt, endsAt })) setFormKey((key) => key + 1);
    setBusy(false);
  };

  return (
    <Card id="overrides" heading={text.overridesHeading}>
      <p className="text-slate-700">{text.overridesIntro}</p>
      {rota.overrides.length === 0 ? (
        <p className="text-slate-700">{text.noOverrides}</p>
      ) : (
        <ul className="grid gap-2">
          {rota.overrides.map((override) => {
            const label = text.covers(
              nameOf(override.userId),
              formatSlotRange(override.startsAt, override.endsAt),
            );
            return (
              <li key={override.id} className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2">
                <span className="min-w-0 flex-1 wrap-anywhere">{label}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="underline"
                  aria-label={text.removeOverride(label)}
                  onClick={() => void onRemove(override.id)}
                >
                  {text.remove}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form key={formKey} onSubmit={submit} noValidate className="grid gap-4">
        <h3 className="text-lg font-semibold text-brand-950">{text.addOverrideHeading}</h3>
        <FormField id="override-person" label={text.overridePerson}>
          {(control) => (
            <Select {...control} name="userId" options={people} placeholder={text.addMemberPlaceholder} />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="override-from" label={text.overrideFrom} hint={text.overrideTimeHint}>
            {(control) => (
              <Input {...control} type="datetime-local" name="startsAt" defaultValue={toLocalInput(now)} />
            )}
          </FormField>
          <FormField id="override-to" label={text.overrideTo} hint={text.overrideTimeHint}>
            {(control) => <Input {...control} type="datetime-local" name="endsAt" />}
          </FormField>
        </div>
        <LiveMessage message={formError} tone="error" />
        <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
          {busy ? text.saving : text.addOverride}
        </Button>
      </form>
    </Card>
  );
}
