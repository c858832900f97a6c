import { useState, type FormEvent } from 'react';
import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { dryingLogText } from '~/content/inbox-casework-drying';
import { StaffApiError } from '../../api';
import type { MoistureBody, MoistureReading } from '../../../../../domain/staff-api/moisture';
import type { MoistureUnit } from '../../../../../domain/moisture';
import { CardForm } from '../../shared/card';

const text = dryingLogText;
const unitOptions = (['pct', 'digits'] as const).map((unit) => ({ value: unit, label: text.units[unit] }));

type Field = 'room' | 'point' | 'value' | 'unit' | 'method' | 'material' | 'target';
type Errors = Partial<Record<Field | 'at', string>>;

/** The place last measured on this lead, kept in this browser so the next reading starts there. */
interface LastPlace {
  room: string;
  point: string;
  unit: MoistureUnit;
}

const storageKey = (leadId: string) => `drying-log:${leadId}`;

function lastPlace(leadId: string): LastPlace {
  try {
    const stored = JSON.parse(
      localStorage.getItem(storageKey(leadId)) ?? 'null',
    ) as Partial<LastPlace> | null;
    return {
      room: typeof stored?.room === 'string' ? stored.room : '',
      point: typeof stored?.point === 'string' ? stored.point : '',
      unit: stored?.unit === 'digits' ? 'digits' : 'pct',
    };
  } catch {
    return { room: '', point: '', unit: 'pct' };
  }
}

function remember(leadId: string, place: LastPlace): void {
  try {
    localStorage.setItem(storageKey(leadId), JSON.stringify(place));
  } catch {
    // A browser that keeps nothing (private mode, full storage) only loses the prefill.
  }
}

/** "16,5" or "16.5" as a number; blank: undefined; anything else: NaN. */
function parseNumber(input: string): number | undefined {
  const trimmed = input.trim();
  if (!trimmed) return undefined;
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/**
 * The quick entry of one reading: room, point, value and unit, and optionally method, material
 * and target. It starts at the room, point and unit last used on this lead, suggests the rooms
 * and points already measured, and shows each refusal of the server at its field.
 */
export function DryingEntryForm({
  leadId,
  readings,
  onSave,
}: {
  leadId: string;
  readings: readonly MoistureReading[];
  /** Saves the reading; rejects with the server's refusal. */
  onSave: (body: MoistureBody) => Promise<void>;
}) {
  const [place, setPlace] = useState(() => lastPlace(leadId));
  const [value, setValue] = useState('');
  const [extra, setExtra] = useState({ method: '', material: '', target: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const rooms = [...new Set(readings.map((reading) => reading.room))];
  const points = [...new Set(readings.filter((r) => r.room === place.room.trim()).map((r) => r.point))];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = parseNumber(value);
    const target = parseNumber(extra.target);
    const local: Errors = {};
    if (number === undefined || Number.isNaN(number)) local.value = text.notANumber;
    if (target !== undefined && Number.isNaN(target)) local.target = text.notANumber;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      await onSave({
        room: place.room,
        point: place.point,
        value: number!,
        unit: place.unit,
        ...(extra.method.trim() ? { method: extra.method } : {}),
        ...(extra.material.trim() ? { material: extra.material } : {}),
        ...(target === undefined ? {} : { target }),
      });
      remember(leadId, { room: place.room.trim(), point: place.point.trim(), unit: place.unit });
      setValue('');
    } catch (caught) {
      // The section says the server's message; each field its own.
      if (caught instanceof StaffApiError) setErrors(caught.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardForm id="drying-form" heading={text.formHeading} onSubmit={submit} className="print:hidden">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="room"
          hint={text.roomHint}
          list="drying-rooms"
          error={errors.room}
          value={place.room}
          onChange={(room) => setPlace({ ...place, room })}
        />
        <TextField
          name="point"
          hint={text.pointHint}
          list="drying-points"
          error={errors.point}
          value={place.point}
          onChange={(point) => setPlace({ ...place, point })}
        />
        <TextField name="value" decimal error={errors.value ?? errors.at} value={value} onChange={setValue} />
        <FormField id="drying-unit" label={text.unit} required error={errors.unit}>
          {(control) => (
            <Select
              {...control}
              name="unit"
              options={unitOptions}
              value={place.unit}
              onChange={(event) => setPlace({ ...place, unit: event.target.value as MoistureUnit })}
            />
          )}
        </FormField>
        {optionalFields.map(({ name, hint }) => (
          <TextField
            key={name}
            name={name}
            hint={hint}
            decimal={name === 'target'}
            error={errors[name]}
            value={extra[name]}
            onChange={(typed) => setExtra({ ...extra, [name]: typed })}
          />
        ))}
      </div>
      <datalist id="drying-rooms">
        {rooms.map((room) => (
          <option key={room} value={room} />
        ))}
      </datalist>
      <datalist id="drying-points">
        {points.map((point) => (
          <option key={point} value={point} />
        ))}
      </datalist>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
        <Icon name="droplets" />
        {busy ? text.saving : text.save}
      </Button>
    </CardForm>
  );
}

/** The optional fields, in the order the form shows them. */
const optionalFields = [
  { name: 'method', hint: text.methodHint },
  { name: 'material', hint: undefined },
  { name: 'target', hint: text.targetHint },
] as const;

const requiredFields = new Set<string>(['room', 'point', 'value']);

/** One text field of the form, labelled from the copy by its name; a decimal one opens the number pad. */
function TextField({
  name,
  hint,
  list,
  decimal = false,
  error,
  value,
  onChange,
}: {
  name: 'room' | 'point' | 'value' | 'method' | 'material' | 'target';
  hint?: string | undefined;
  list?: string;
  decimal?: boolean;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField
      id={`drying-${name}`}
      label={text[name]}
      hint={hint}
      required={requiredFields.has(name)}
      error={error}
    >
      {(control) => (
        <Input
          {...control}
          name={name}
          list={list}
          inputMode={decimal ? 'decimal' : undefined}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
