/**
 * The drying log: moisture readings per room and measuring point. A reading's unit says which
 * scale it is on, and readings of different units are never drawn on one scale: `pct` is a
 * percentage (wood moisture equivalent or relative humidity, 0–100), `digits` a surface meter's
 * relative count (0–200), comparable only with the same meter's dry reference.
 */
export const moistureUnits = ['pct', 'digits'] as const;
export type MoistureUnit = (typeof moistureUnits)[number];

export const moistureUnitRange: Record<MoistureUnit, { min: number; max: number }> = {
  pct: { min: 0, max: 100 },
  digits: { min: 0, max: 200 },
};

export const moistureUnitLabels: Record<MoistureUnit, string> = {
  pct: '%',
  digits: 'digits',
};

export const moistureMessages = {
  room: 'Skriv rummet (højst 80 tegn).',
  point: 'Skriv målepunktet (højst 80 tegn).',
  value: 'Skriv målingen som et tal.',
  unit: 'Vælg enheden: procent (pct) eller digits.',
  pctRange: 'En måling i procent skal ligge mellem 0 og 100.',
  digitsRange: 'En måling i digits skal ligge mellem 0 og 200.',
  method: 'Metoden er for lang (højst 80 tegn).',
  material: 'Materialet er for langt (højst 80 tegn).',
  target: 'Målværdien skal ligge inden for enhedens område.',
  at: 'Skriv tidspunktet som en gyldig dato og tid.',
  atFuture: 'Tidspunktet ligger i fremtiden. Skriv, hvornår der blev målt.',
  atBeforeLead: 'Tidspunktet ligger før henvendelsen kom ind.',
  readingNotFound: 'Målingen findes ikke eller er allerede trukket tilbage.',
} as const;

/** The longest room, measuring point, method or material staff may write. */
const moistureTextMax = 80;

/** True when `value` lies on the unit's scale (ends included). */
function isInUnitRange(unit: MoistureUnit, value: number): boolean {
  const range = moistureUnitRange[unit];
  return value >= range.min && value <= range.max;
}

const rangeMessages: Record<MoistureUnit, string> = {
  pct: moistureMessages.pctRange,
  digits: moistureMessages.digitsRange,
};

const trimmedText = (error: string, min: number) =>
  z.string({ error }).trim().min(min, { error }).max(moistureTextMax, { error });
/** An optional text; blank counts as not given (the service stores it as null). */
const optionalText = (error: string) => trimmedText(error, 0).optional();

/**
 * One reading's fields as staff write them (the inbox's API and the plain forms alike): room and
 * point trimmed; `checkReadingScale` then puts the value and the target on the unit's scale.
 */
export const moistureReadingFields = z.object({
  room: trimmedText(moistureMessages.room, 1),
  point: trimmedText(moistureMessages.point, 1),
  value: z.number({ error: moistureMessages.value }).finite({ error: moistureMessages.value }),
  unit: z.enum(moistureUnits, { error: moistureMessages.unit }),
  method: optionalText(moistureMessages.method),
  material: optionalText(moistureMessages.material),
  target: z
    .number({ error: moistureMessages.target })
    .finite({ error: moistureMessages.target })
    .nullable()
    .optional(),
});

/** Refuses a value or a target off the unit's scale, each at its own field. */
export function checkReadingScale(
  reading: { unit: MoistureUnit; value: number; target?: number | null | undefined },
  context: z.RefinementCtx,
): void {
  if (!isInUnitRange(reading.unit, reading.value))
    context.addIssue({ code: 'custom', path: ['value'], message: rangeMessages[reading.unit] });
  if (reading.target != null && !isInUnitRange(reading.unit, reading.target))
    context.addIssue({ code: 'custom', path: ['target'], message: moistureMessages.target });
}
