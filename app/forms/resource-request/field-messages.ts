import type { ComponentProps } from 'react';

/**
 * The request form's message under each empty required field, the same in the dialog and in the
 * plain form (the lead schema has one message for all three, which the dialog shows as a toast).
 */
export const resourceFieldMessages = {
  fullName: 'Udfyld dit fulde navn',
  email: 'Udfyld din e-mail',
  phone: 'Udfyld dit telefonnummer',
  emailInvalid: 'Indtast venligst en gyldig e-mail adresse.',
} as const;

/** The request form's fields in order, as both the dialog and the plain form show them. */
export const resourceRequestFields = [
  { name: 'fullName', label: 'Fulde navn', required: true, input: { autoComplete: 'name' } },
  {
    name: 'email',
    label: 'E-mail',
    required: true,
    input: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  },
  {
    name: 'phone',
    label: 'Telefonnummer',
    required: true,
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  },
  {
    name: 'companyName',
    label: 'Virksomhed (valgfrit)',
    required: false,
    input: { autoComplete: 'organization' },
  },
] as const satisfies readonly {
  name: string;
  label: string;
  required: boolean;
  input: Pick<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete'>;
}[];

export type ResourceRequestFieldName = (typeof resourceRequestFields)[number]['name'];

/** Each field's element id in one form: `${prefix}-${name}`. */
export function resourceFieldIds(prefix: string): Record<ResourceRequestFieldName, string> {
  return Object.fromEntries(resourceRequestFields.map(({ name }) => [name, `${prefix}-${name}`])) as Record<
    ResourceRequestFieldName,
    string
  >;
}
