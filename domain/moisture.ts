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

/** True when `value` lies on the unit's scale (ends included). */
export function isInUnitRange(unit: MoistureUnit, value: number): boolean {
  const range = moistureUnitRange[unit];
  return value >= range.min && value <= range.max;
}

export const moistureRangeMessages: Record<MoistureUnit, string> = {
  pct: moistureMessages.pctRange,
  digits: moistureMessages.digitsRange,
};
