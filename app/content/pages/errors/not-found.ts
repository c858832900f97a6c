/** The not-found page: a playful fake damage report, chosen at random. */
export const notFoundPage = {
  metaTitle: 'Siden blev ikke fundet',
  metaDescription: 'Siden findes ikke. Find vej tilbage til forsiden, vores ydelser eller anmeld en skade.',
  eyebrow: 'Fejl 404',
  title: 'Ups! Siden er skadet',
  intro: 'Vi har undersøgt skadestedet grundigt, men siden du leder efter, er desværre ikke til at redde.',
  reportHeading: 'Skaderapport',
  caseLabel: 'Sagsnummer',
  statusLabel: 'Status',
  status: 'Siden kan ikke genskabes',
  helpHeading: 'Her kan vi hjælpe dig videre',
  links: [
    { to: '/', label: 'Gå til forsiden' },
    { to: '/services', label: 'Se vores ydelser' },
    { to: '/anmeldelse', label: 'Anmeld en skade' },
  ],
  callPrefix: 'Akut skade? Ring til os på',
} as const;

export type NotFoundIcon = 'fire' | 'water' | 'theft';

export interface NotFoundReport {
  icon: NotFoundIcon;
  damageType: string;
  caseNumber: string;
  description: string;
  finding: string;
}

export const notFoundReports: readonly NotFoundReport[] = [
  {
    icon: 'fire',
    damageType: 'Brandskade',
    caseNumber: 'BR-404',
    description:
      'En overophedet server har brændt netop denne side af. Der er kun aske og et par løse pixels tilbage.',
    finding: 'Røgdykkerne fandt ingen overlevende afsnit.',
  },
  {
    icon: 'water',
    damageType: 'Vandskade',
    caseNumber: 'VA-404',
    description: 'Et sprunget rør i datacentret har oversvømmet siden. Indholdet er skyllet ud i kloakken.',
    finding: 'Affugterne kører, men teksten er ikke til at redde.',
  },
  {
    icon: 'theft',
    damageType: 'Indbrud – stjålet side',
    caseNumber: 'IN-404',
    description: 'Ukendte gerningsmænd er brudt ind og har stjålet hele siden. Kun adressen er tilbage.',
    finding: 'Sagen er meldt til politiet, og vi har skiftet låsen.',
  },
];
