import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { inboxPaths } from '~/content/inbox';
import { oncallText } from '~/content/inbox-oncall';
import { errorMessage, isUnauthorized, staffApi } from '../api';
import { formatPhoneNumber } from '../shared/format';
import { LiveMessage } from '../shared/live-message';
import { formatSlot, formatSlotRange } from '../shared/oncall-format';
import { isoDateTime } from '../shared/format';
import { Card } from '../shared/card';
import { ChainSection } from './chain-section';
import { OverridesSection } from './overrides-section';
import { PhoneSection } from './phone-section';
import { Schedule } from './schedule';
import { useMay } from '../shared/staff-role';
import { useStepUp } from './step-up-dialog';
import { useReload } from '../shared/use-reload';
import type { loadRota } from '../loaders';
import { PageHeading } from '../shared/page-heading';

const text = oncallText.rota;

/**
 * /indbakke/vagtplan: who is on call now and in which order, the next four weeks (handovers and
 * overrides), the chain and its weekly handover, overrides, and the staff member's own mobile
 * number (where the pages go). The chain and overrides are a koordinator's; every change asks for
 * a fresh code from the app first.
 */
export function RotaPage() {
  const { rota, me } = useLoaderData<typeof loadRota>();
  const navigate = useNavigate();
  const reload = useReload();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mayEditRota = useMay('rota');
  const stepUp = useStepUp();
  const people = new Map(rota.staff.map((person) => [person.id, person]));
  const nameOf = (id: string | null) => (id ? (people.get(id)?.name ?? text.nobodyShort) : text.nobodyShort);

  /** Runs a change; on success reloads the rota and says `done`. False when it failed. */
  const save = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    setError(null);
    setMessage(null);
    try {
      await run();
      await reload();
      setMessage(done);
      return true;
    } catch (caught) {
      if (isUnauthorized(caught)) void navigate(inboxPaths.login, { replace: true });
      else setError(errorMessage(caught));
      return false;
    }
  };

  /** Asks for a fresh code, then runs the change with it; false when cancelled or refused. */
  const saveWithCode = async (run: (code: string) => Promise<unknown>, done: string): Promise<boolean> => {
    const code = await stepUp.ask();
    return code ? save(() => run(code), done) : false;
  };

  return (
    <>
      <PageHeading heading={text.heading} intro={text.intro} />
      <LiveMessage message={error} tone="error" />
      <LiveMessage message={message} />
      {rota.gaps && rota.gaps.length > 0 ? (
        <section
          aria-labelledby="gaps-heading"
          className="grid min-w-0 content-start gap-4 rounded-xl border-2 border-emergency-700 bg-white p-4 sm:p-5"
        >
          <h2 id="gaps-heading" className="text-xl font-bold text-emergency-800">
            {text.gapsHeading}
          </h2>
          <p className="text-slate-700">{text.gapsIntro}</p>
          <ul className="grid gap-1">
            {rota.gaps.map((gap) => (
              <li key={gap.from} className="font-medium text-emergency-800">
                <time dateTime={isoDateTime(gap.from)}>{formatSlotRange(gap.from, gap.to)}</time>:{' '}
                {gap.onCall ? text.gapNoPhone(nameOf(gap.onCall)) : text.gapNobody}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="oncall-now" heading={text.nowHeading}>
          {rota.order.length === 0 ? (
            <p className="font-medium text-emergency-800">{text.nobody}</p>
          ) : (
            <ol className="grid gap-2">
              {rota.order.map((id, index) => (
                <li key={id} className="flex items-baseline gap-2">
                  <span className="font-bold text-brand-900">{index + 1}.</span>
                  <span className="wrap-anywhere">
                    <strong className="font-semibold">{nameOf(id)}</strong>
                    {people.get(id)?.phone ? ` · ${formatPhoneNumber(people.get(id)!.phone!)}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
          {rota.nextHandover ? (
            <p className="text-slate-700">{text.nextHandover(formatSlot(rota.nextHandover))}</p>
          ) : null}
        </Card>

        <PhoneSection
          me={people.get(me.id)}
          onSave={(phone) =>
            saveWithCode((code) => staffApi.setPhone(phone, code), text.phoneSaved(formatPhoneNumber(phone)))
          }
        />
      </div>

      <Schedule rota={rota} nameOf={nameOf} />

      {mayEditRota ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <ChainSection
            key={JSON.stringify(rota.chain)}
            rota={rota}
            nameOf={nameOf}
            onSave={(chain) => saveWithCode((code) => staffApi.setChain(chain, code), text.chainSaved)}
          />
          <OverridesSection
            rota={rota}
            nameOf={nameOf}
            onAdd={(override) =>
              saveWithCode((code) => staffApi.addOverride(override, code), text.overrideAdded)
            }
            onRemove={(id) => saveWithCode((code) => staffApi.removeOverride(id, code), text.overrideRemoved)}
          />
        </div>
      ) : null}
      {stepUp.dialog}
    </>
  );
}
