import { describe, expect, it } from 'vitest';
import {
  damageTypeLabels,
  damageTypes,
  insurers,
  personTypeLabels,
  personTypes,
  serviceOptionLabels,
  serviceOptions,
} from './enums.ts';

describe('the form enumerations', () => {
  it('has the six contact service options with their labels', () => {
    expect(serviceOptions.map((value) => [value, serviceOptionLabels[value]])).toEqual([
      ['akut', 'Akut skadehåndtering'],
      ['forebyggelse', 'Forebyggelse'],
      ['dokumentering', 'Dokumentering'],
      ['genhusning', 'Genhusning'],
      ['skadestyring', 'Skadestyring'],
      ['andet', 'Andet'],
    ]);
  });

  it('has the fourteen insurers ending with "Andet forsikringsselskab"', () => {
    expect(insurers).toHaveLength(14);
    expect(insurers[0]).toBe('Alm. Brand');
    expect(insurers).toContain('Lærerstandens Brandforsikring');
    expect(insurers.at(-1)).toBe('Andet forsikringsselskab');
  });

  it('has seven damage types and five person types with Danish labels', () => {
    expect(damageTypes.map((value) => damageTypeLabels[value])).toEqual([
      'Brandskade',
      'Vandskade',
      'Skybrudsskade',
      'Stormflod',
      'Stormskade',
      'Indbrud',
      'Andet',
    ]);
    expect(personTypes.map((value) => personTypeLabels[value])).toEqual([
      'Privatperson',
      'Virksomhed',
      'Taksator',
      'Skadebehandler',
      'Forsikringsmægler',
    ]);
  });
});
