import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { inboxPaths } from '~/content/inbox';
import { oncallText, weekdayNames } from '~/content/inbox-oncall';
import { normalisePhone } from '../../../domain/phone';
import { errorMessage, isUnauthorized, staffApi } from './api';
import { formatPhoneNumber, isoDateTime } from './format';
import { LiveMessage } from './live-message';
import { formatSlot, formatSlotRange, fromLocalInput, toLocalInput } from './oncall-format';
import { useReload } from './use-reload';
import type { loadRota } from './loaders';
import type { RotaAnswer, StaffPerson } from '../../../domain/staff-api/oncall';

const text = oncallText.rota;
const card = 'grid min-w-0 content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
const cardHeading = 'text-xl font-bold text-brand-950';

const weekdayOptions = weekdayNames.map((name, index) => ({ value: String(index), label: name }));
const hourOptions = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: text.hourOption(hour),
}));

/**
 * /indbakke/vagtplan: who is on call now and in which order, the next four weeks (handovers and
 * overrides), the chain and its weekly handover, overrides, and the staff member's own mobile
 * number (where the pages go).
 */
export function RotaPage() {
  const { rota, me } = useLoaderData<typeof loadRota>();
  const navigate = useNavigate();
  const reload = useReload();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
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

  return (
    <>
      <div className="grid gap-2">
        <h1 tabIndex={-1} className="text-3xl font-bold text-brand-950 focus:outline-none">
          {text.heading}
        </h1>
        <p className="text-slate-700">{text.intro}</p>
      </div>
      <LiveMessage message={error} tone="error" />
      <LiveMessage message={message} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="oncall-now-heading" className={card}>
          <h2 id="oncall-now-heading" className={cardHeading}>
            {text.nowHeading}
          </h2>
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
        </section>

        <PhoneSection
          me={people.get(me.id)}
          onSave={(phone) => save(() => staffApi.setPhone(phone), text.phoneSaved(formatPhoneNumber(phone)))}
        />
      </div>

      <Schedule rota={rota} nameOf={nameOf} />

      <div className="grid gap-6 lg:grid-cols-2">
        <ChainSection
          key={JSON.stringify(rota.chain)}
          rota={rota}
          nameOf={nameOf}
          onSave={(chain) => save(() => staffApi.setChain(chain), text.chainSaved)}
        />
        <OverridesSection
          rota={rota}
          nameOf={nameOf}
          onAdd={(override) => save(() => staffApi.addOverride(override), text.overrideAdded)}
          onRemove={(id) => save(() => staffApi.removeOverride(id), text.overrideRemoved)}
        />
      </div>
    </>
  );
}

function Schedule({ rota, nameOf }: { rota: RotaAnswer; nameOf: (id: string | null) => string }) {
  const rows = rota.schedule
    .slice(0, -1)
    .map((slot, index) => ({ ...slot, to: rota.schedule[index + 1]!.from }));
  return (
    <section aria-labelledby="schedule-heading" className={card}>
      <h2 id="schedule-heading" className={cardHeading}>
        {text.scheduleHeading}
      </h2>
      {/* Focusable, so a keyboard can scroll the table when it is wider than a phone. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={text.scheduleCaption}>
        <table className="w-full text-left">
          <caption className="sr-only">{text.scheduleCaption}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                {text.columns.period}
              </th>
              <th scope="col" className="py-2 pr-4">
                {text.columns.onCall}
              </th>
              <th scope="col" className="py-2 pr-4">
                {text.columns.next}
              </th>
              <th scope="col" className="py-2">
                {text.columns.note}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.from} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-4 whitespace-nowrap">
                  <time dateTime={isoDateTime(row.from)}>{formatSlotRange(row.from, row.to)}</time>
                </td>
                <td className="py-2 pr-4 font-semibold">{nameOf(row.onCall)}</td>
                <td className="py-2 pr-4">{nameOf(row.next)}</td>
                <td className="py-2">{row.override ? text.override : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChainSection({
  rota,
  nameOf,
  onSave,
}: {
  rota: RotaAnswer;
  nameOf: (id: string | null) => string;
  onSave: (chain: { memberIds: string[]; handoverWeekday: number; handoverHour: number }) => Promise<boolean>;
}) {
  const [members, setMembers] = useState<string[]>(rota.chain?.memberIds ?? []);
  const [weekday, setWeekday] = useState(String(rota.chain?.handoverWeekday ?? 0));
  const [hour, setHour] = useState(String(rota.chain?.handoverHour ?? 8));
  const [candidate, setCandidate] = useState('');
  const [busy, setBusy] = useState(false);
  const candidates = rota.staff
    .filter((person) => !person.disabled && !members.includes(person.id))
    .map((person) => ({
      value: person.id,
      label: person.phone ? person.name : `${person.name} ${text.noPhone}`,
    }));

  const move = (index: number, step: -1 | 1) =>
    setMembers((current) => {
      const next = [...current];
      [next[index], next[index + step]] = [next[index + step]!, next[index]!];
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    await onSave({ memberIds: members, handoverWeekday: Number(weekday), handoverHour: Number(hour) });
    setBusy(false);
  };

  return (
    <section aria-labelledby="chain-heading" className={card}>
      <h2 id="chain-heading" className={cardHeading}>
        {text.chainHeading}
      </h2>
      <p className="text-slate-700">{text.chainIntro}</p>
      <form onSubmit={submit} className="grid gap-4">
        {members.length === 0 ? (
          <p className="text-slate-700">{text.chainEmpty}</p>
        ) : (
          <ol className="grid gap-2">
            {members.map((id, index) => (
              <li key={id} className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2">
                <span className="min-w-0 flex-1 wrap-anywhere">
                  <span className="font-bold text-brand-900">{index + 1}.</span> {nameOf(id)}
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === 0}
                  aria-label={text.moveUp(nameOf(id))}
                  onClick={() => move(index, -1)}
                >
                  {text.up}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === members.length - 1}
                  aria-label={text.moveDown(nameOf(id))}
                  onClick={() => move(index, 1)}
                >
                  {text.down}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="underline"
                  aria-label={text.removeMember(nameOf(id))}
                  onClick={() => setMembers((current) => current.filter((member) => member !== id))}
                >
                  {text.remove}
                </Button>
              </li>
            ))}
          </ol>
        )}
        {candidates.length > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <FormField id="chain-add" label={text.addMember} className="min-w-48 flex-1">
              {(control) => (
                <Select
                  {...control}
                  options={candidates}
                  placeholder={text.addMemberPlaceholder}
                  value={candidate}
                  onChange={(event) => setCandidate(event.target.value)}
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="outline"
              disabled={!candidate}
              onClick={() => {
                setMembers((current) => [...current, candidate]);
                setCandidate('');
              }}
            >
              {text.add}
            </Button>
          </div>
        ) : null}
        <div className="grid grid-cols-2 gap-4">
          <FormField id="chain-weekday" label={text.handoverWeekday}>
            {(control) => (
              <Select
                {...control}
                options={weekdayOptions}
                value={weekday}
                onChange={(event) => setWeekday(event.target.value)}
              />
            )}
          </FormField>
          <FormField id="chain-hour" label={text.handoverHour}>
            {(control) => (
              <Select
                {...control}
                options={hourOptions}
                value={hour}
                onChange={(event) => setHour(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <Button type="submit" className="justify-self-start" disabled={busy || members.length === 0}>
          {busy ? text.savingChain : text.saveChain}
        </Button>
      </form>
    </section>
  );
}

function OverridesSection({
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
    <section aria-labelledby="overrides-heading" className={card}>
      <h2 id="overrides-heading" className={cardHeading}>
        {text.overridesHeading}
      </h2>
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
    </section>
  );
}

function PhoneSection({
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
    <section aria-labelledby="profile-heading" className={card}>
      <h2 id="profile-heading" className={cardHeading}>
        {text.profileHeading}
      </h2>
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
    </section>
  );
}
