/**
 * The enumerations of the forms with their Danish labels. Values are what forms and the API send;
 * labels are what people read (selects, e-mails).
 */

/** Contact form service options (value: label). */
export const serviceOptions = [
  'akut',
  'forebyggelse',
  'dokumentering',
  'genhusning',
  'skadestyring',
  'andet',
] as const;
export type ServiceOption = (typeof serviceOptions)[number];
export const serviceOptionLabels: Record<ServiceOption, string> = {
  akut: 'Akut skadehåndtering',
  forebyggelse: 'Forebyggelse',
  dokumentering: 'Dokumentering',
  genhusning: 'Genhusning',
  skadestyring: 'Skadestyring',
  andet: 'Andet',
};

/** Insurers. The value is the label itself. */
export const insurers = [
  'Alm. Brand',
  'Codan',
  'Danske Bank',
  'GF Forsikring',
  'Gjensidige',
  'If',
  'LB Forsikring',
  'Lærerstandens Brandforsikring',
  'Nordea',
  'PFA',
  'Topdanmark',
  'Tryg',
  'Velliv',
  'Andet forsikringsselskab',
] as const;

/** Damage types (skadetype). */
export const damageTypes = [
  'brandskade',
  'vandskade',
  'skybrudsskade',
  'stormflod',
  'stormskade',
  'indbrud',
  'andet',
] as const;
export type DamageType = (typeof damageTypes)[number];
export const damageTypeLabels: Record<DamageType, string> = {
  brandskade: 'Brandskade',
  vandskade: 'Vandskade',
  skybrudsskade: 'Skybrudsskade',
  stormflod: 'Stormflod',
  stormskade: 'Stormskade',
  indbrud: 'Indbrud',
  andet: 'Andet',
};

/** Who is reporting the damage (personType, 'Hvem er du?'). */
export const personTypes = [
  'privatperson',
  'virksomhed',
  'taksator',
  'skadebehandler',
  'forsikringsmagler',
] as const;
export type PersonType = (typeof personTypes)[number];
export const personTypeLabels: Record<PersonType, string> = {
  privatperson: 'Privatperson',
  virksomhed: 'Virksomhed',
  taksator: 'Taksator',
  skadebehandler: 'Skadebehandler',
  forsikringsmagler: 'Forsikringsmægler',
};

/** Person types that report on someone else's behalf and must name the requester (rekvirent). */
export const requesterPersonTypes = [
  'taksator',
  'skadebehandler',
  'forsikringsmagler',
] as const satisfies readonly PersonType[];

export function isRequesterPersonType(value: string): boolean {
  return (requesterPersonTypes as readonly string[]).includes(value);
}

/** `{ value, label }` lists ready for select components. */
export const serviceSelectOptions = serviceOptions.map((value) => ({
  value,
  label: serviceOptionLabels[value],
}));
export const insurerSelectOptions = insurers.map((value) => ({ value, label: value }));
export const damageTypeSelectOptions = damageTypes.map((value) => ({
  value,
  label: damageTypeLabels[value],
}));
export const personTypeSelectOptions = personTypes.map((value) => ({
  value,
  label: personTypeLabels[value],
}));
