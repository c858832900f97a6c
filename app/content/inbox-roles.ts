import { roleMessages } from '../../domain/staff-api/roles';

/** The inbox's texts about roles and the fresh code that confirms changes to the rota. */
export const inboxRolesText = {
  /** Shown on a page opened directly by someone without the role (the server refuses it too). */
  koordinatorRequired: roleMessages.koordinatorRequired,
  koordinatorRequiredHint:
    'Siden er for koordinatorer. Spørg en koordinator, hvis du har brug for den, eller gå tilbage til indbakken.',
  backToInbox: 'Tilbage til indbakken',
  stepUp: {
    heading: 'Bekræft med din kode',
    intro:
      'Ændringer i vagtkæden, dækninger og mobilnumre bestemmer, hvem der bliver vækket om natten. Skriv den nye kode fra din godkendelsesapp.',
    label: 'Kode fra appen (6 cifre)',
    invalid: 'Skriv de 6 cifre fra appen.',
    confirm: 'Bekræft',
    cancel: 'Annullér',
  },
} as const;
