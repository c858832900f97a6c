import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Select } from '~/components/ui/select';
import { oncallText, weekdayNames } from '~/content/inbox-oncall';
import { Card } from '../shared/card';
import type { RotaAnswer } from '../../../../domain/staff-api/oncall';

const text = oncallText.rota;

const weekdayOptions = weekdayNames.map((name, index) => ({ value: String(index), label: name }));
const hourOptions = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: text.hourOption(hour),
}));

/** The chain: who is on call in which order, and the weekday and hour of the weekly handover. */
export function ChainSection({
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
    <Card id="chain" heading={text.chainHeading}>
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
    </Card>
  );
}
