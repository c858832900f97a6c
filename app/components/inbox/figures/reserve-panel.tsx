import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { oncallText } from '~/content/inbox-oncall';
import { formatDateTime } from '../shared/format';
import { Card } from '../shared/card';
import { useMay } from '../shared/staff-role';
import type { ReserveAnswer } from '../../../../domain/staff-api/oncall';
import { usePanelResource } from './use-panel-resource';

const text = oncallText.reserve;
const path = '/api/staff/oncall/reserve';

/**
 * The reserve on the Beredskab page (docs/decisions/all-hands.md): who a surge may ask for help,
 * when they were last asked; a koordinator adds and removes people.
 */
export function ReservePanel() {
  const {
    state,
    failure,
    busy,
    change: changeReserve,
  } = usePanelResource<ReserveAnswer>(path, text.loadFailed);
  const [email, setEmail] = useState('');
  const mayChange = useMay('rota');

  const change = async (method: 'POST' | 'DELETE', address: string) => {
    if ((await changeReserve(method, { email: address })) && method === 'POST') setEmail('');
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void change('POST', email);
  };

  return (
    <Card id="reserve" heading={text.heading}>
      <p className="text-slate-700">{text.intro}</p>
      {state ? (
        state.people.length === 0 ? (
          <p className="text-slate-700">{text.empty}</p>
        ) : (
          <ul className="grid gap-2">
            {state.people.map((person) => (
              <li key={person.email} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium text-brand-950">{person.name ?? person.email}</span>{' '}
                  <span className="text-slate-600">
                    ({person.calledAt ? text.called(formatDateTime(person.calledAt)) : text.neverCalled})
                  </span>
                </span>
                {mayChange ? (
                  <Button
                    type="button"
                    variant="outline"
                    disabled={busy}
                    aria-label={text.remove(person.name ?? person.email)}
                    onClick={() => void change('DELETE', person.email)}
                  >
                    {text.removeShort}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
      {failure ? (
        <p role="alert" className="font-medium text-emergency-700">
          {failure}
        </p>
      ) : null}
      {state && mayChange ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <FormField id="reserve-email" label={text.email} hint={text.emailHint} className="min-w-48 flex-1">
            {(control) => (
              <Input
                {...control}
                type="email"
                required
                maxLength={254}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={busy}>
            {busy ? text.saving : text.add}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
