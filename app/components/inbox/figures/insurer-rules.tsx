import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { inboxInsurersText } from '~/content/inbox-insurers';
import { insurerDefaults, reportRules, type ReportRule } from '../../../../domain/insurers';
import type { Insurer } from '../../../../domain/staff-api/insurers';
import { StaffApiError, errorMessage, staffApi } from '../api';
import { LiveMessage } from '../shared/live-message';
import { useMay } from '../shared/staff-role';

const text = inboxInsurersText;
const ruleOptions = reportRules.map((value) => ({ value, label: text.reportRules[value] }));
const hourFields = [
  { name: 'onSiteHours', hint: text.onSiteHoursHint },
  { name: 'firstResponseHours', hint: text.firstResponseHoursHint },
] as const;

/** A whole number of hours as a number, anything else typed as the text (the server names it wrong), blank as null. */
function hoursOf(form: FormData, name: (typeof hourFields)[number]['name']): number | string | null {
  const hours = String(form.get(name) ?? '').trim();
  return /^\d{1,3}$/.test(hours) ? Number(hours) : hours || null;
}

/**
 * The Beredskab page's insurers: each one's rules for the case after the call, one form per
 * insurer, saved on its own. Shown to a koordinator only (the server refuses the change to others).
 */
export function InsurerRules({ insurers }: { insurers: readonly Insurer[] }) {
  if (!useMay('insurers')) return null;
  return (
    <section aria-labelledby="insurer-rules-heading" className="grid gap-3">
      <h2 id="insurer-rules-heading" className="text-xl font-bold text-brand-950">
        {text.heading}
      </h2>
      <p className="text-slate-700">{text.intro}</p>
      <ul className="grid gap-4">
        {insurers.map((insurer) => (
          <li key={insurer.id}>
            <InsurerForm insurer={insurer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function InsurerForm({ insurer }: { insurer: Insurer }) {
  const [saved, setSaved] = useState(insurer);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const id = (name: string) => `insurer-${insurer.id}-${name}`;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    setStatus(null);
    setError(null);
    setFields({});
    try {
      const { insurer: after } = await staffApi.updateInsurer(insurer.id, {
        claimsEmail: String(form.get('claimsEmail') ?? ''),
        onSiteHours: hoursOf(form, 'onSiteHours'),
        firstResponseHours: hoursOf(form, 'firstResponseHours'),
        reportRule: String(form.get('reportRule')) as ReportRule,
        active: form.get('active') === 'on',
      });
      setSaved(after);
      setStatus(text.saved(after.name));
    } catch (caught) {
      setError(errorMessage(caught));
      if (caught instanceof StaffApiError) setFields(caught.fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      aria-labelledby={id('name')}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id={id('name')} className="text-lg font-bold text-brand-950">
        {saved.name}
      </h3>
      <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_1.5fr]">
        <FormField id={id('claimsEmail')} label={text.columns.claimsEmail} error={fields.claimsEmail}>
          {(control) => (
            <Input
              {...control}
              name="claimsEmail"
              type="email"
              autoComplete="off"
              defaultValue={saved.claimsEmail ?? ''}
            />
          )}
        </FormField>
        {hourFields.map(({ name, hint }) => (
          <FormField
            key={name}
            id={id(name)}
            label={text.columns[name]}
            hint={hint(insurerDefaults[name])}
            error={fields[name]}
          >
            {(control) => (
              <Input
                {...control}
                name={name}
                inputMode="numeric"
                defaultValue={saved[name]?.toString() ?? ''}
              />
            )}
          </FormField>
        ))}
        <FormField id={id('reportRule')} label={text.columns.reportRule} error={fields.reportRule}>
          {(control) => (
            <Select {...control} name="reportRule" options={ruleOptions} defaultValue={saved.reportRule} />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 font-medium">
          <input type="checkbox" name="active" defaultChecked={saved.active} className="size-5" />
          {text.columns.active}
        </label>
        <Button type="submit" disabled={saving}>
          {saving ? text.saving : text.save}
        </Button>
      </div>
      <LiveMessage message={error ?? status} tone={error ? 'error' : 'status'} />
    </form>
  );
}
