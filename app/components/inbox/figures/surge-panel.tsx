import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { oncallText } from '~/content/inbox-oncall';
import { waitInWords } from '../../../../domain/surge';
import { formatDateTime } from '../shared/format';
import { Card } from '../shared/card';
import { useMay } from '../shared/staff-role';
import type { SurgeAnswer } from '../../../../domain/staff-api/oncall';
import { usePanelResource } from './use-panel-resource';

const text = oncallText.surge;
const path = '/api/staff/oncall/surge';

/**
 * Surge mode on the Beredskab page (docs/decisions/surge-mode.md): the mode and the callback time
 * the site promises now, who switched it by hand and why, and the switch itself.
 */
export function SurgePanel() {
  const { state, failure, busy, change } = usePanelResource<SurgeAnswer>(path, text.loadFailed);
  const [reason, setReason] = useState('');
  // Only a koordinator switches surge (the server refuses anyone else).
  const maySwitch = useMay('surge');

  const manualOn = state?.manual?.on === true;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await change('PUT', manualOn ? { on: false } : { on: true, reason })) setReason('');
  };

  return (
    <Card id="surge" heading={text.heading}>
      {state ? (
        <div className="grid gap-1 text-slate-700" role="status">
          <p className="font-semibold text-brand-950">
            {state.mode === 'travlt' ? text.travlt(waitInWords(state.expectedCallbackMinutes)) : text.normal}
          </p>
          <p>{text.counts(state.waiting, state.people, state.onCall)}</p>
          {state.allHandsSince ? <p>{text.allHands(formatDateTime(state.allHandsSince))}</p> : null}
          {state.manual ? (
            <p>
              {state.manual.on
                ? text.switchedOn(
                    state.manual.actor,
                    formatDateTime(state.manual.at),
                    state.manual.reason ?? '',
                  )
                : text.switchedOff(state.manual.actor, formatDateTime(state.manual.at))}
            </p>
          ) : null}
        </div>
      ) : null}
      {failure ? <p className="font-medium text-emergency-700">{failure}</p> : null}
      {state && maySwitch ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          {manualOn ? null : (
            <FormField
              id="surge-reason"
              label={text.reason}
              hint={text.reasonHint}
              className="min-w-48 flex-1"
            >
              {(control) => (
                <Input
                  {...control}
                  required
                  maxLength={200}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </FormField>
          )}
          <Button type="submit" variant={manualOn ? 'outline' : 'primary'} disabled={busy}>
            {busy ? text.saving : manualOn ? text.turnOff : text.turnOn}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
