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
