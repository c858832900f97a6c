import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { oncallText } from '~/content/inbox-oncall';
import { normalisePhone } from '../../../../domain/phone';
import { formatPhoneNumber } from '../shared/format';
import { Card } from '../shared/card';
import type { StaffPerson } from '../../../../domain/staff-api/oncall';

const text = oncallText.rota;

/** The staff member's own mobile number, where the pages go. */
export function PhoneSection({
  me,
  onSave,
}: {
  me: StaffPerson | undefined;
  onSave: (phone: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(me?.phone ? formatPhoneNumber(me.phone) : '');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The server's own rule (domain/phone.ts), so a number it would refuse is caught here.
    const phone = normalisePhone(value);
    setInvalid(!phone);
    if (!phone) return document.getElementById('own-phone')?.focus();
    setBusy(true);
    if (await onSave(phone)) setValue(formatPhoneNumber(phone));
    setBusy(false);
  };

  return (
    <Card id="profile" heading={text.profileHeading}>
      <p className="text-slate-700">{text.profileIntro}</p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <FormField
          id="own-phone"
          label={text.phone}
          hint={text.phoneHint}
          error={invalid ? text.phoneInvalid : undefined}
          className="min-w-48 flex-1"
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              autoComplete="tel"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? text.saving : text.savePhone}
        </Button>
      </form>
    </Card>
  );
}
