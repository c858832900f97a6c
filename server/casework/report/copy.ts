/**
 * The Danish words of the first report to the insurer (the PDF and the e-mail that carries it).
 * A fact the case has not recorded is left out or reads `notRecorded`: the report invents nothing.
 */
export const reportCopy = {
  title: (reference: string) => `Skaderapport – sag ${reference}`,
  subtitle: (madeAt: string) => `Første rapport til forsikringsselskabet, udarbejdet ${madeAt}`,
  notRecorded: 'Ikke registreret',
  sections: {
    case: 'Sagen',
    customer: 'Kunde og skadested',
    damage: 'Skaden',
    timeline: 'Forløb',
    work: 'Udført arbejde',
    drying: 'Affugtning',
    moisture: 'Fugtmålinger',
    photos: 'Billeder',
    deadlines: 'Frister',
  },
  fields: {
    reference: 'Vores reference',
    insurer: 'Forsikringsselskab',
    policy: 'Policenummer',
    claim: 'Skadenummer',
    reportedAt: 'Anmeldt til os',
    name: 'Navn',
    phone: 'Telefon',
    address: 'Adresse',
    damageType: 'Skadetype',
    description: 'Beskrivelse ved anmeldelsen',
    dehumidifiers: 'Affugtere',
    dryingStarted: 'Affugtning startet',
    expectedDays: 'Forventet periode',
    dryingEnded: 'Affugtning afsluttet',
  },
  days: (count: number) => `${count} ${count === 1 ? 'dag' : 'dage'}`,
  dryingRunning: 'Affugtningen kører stadig',
  noDrying: 'Der er ikke registreret affugtning på sagen.',
  noWork: 'Der er ikke registreret noter om udført arbejde.',
  noMilestones: 'Der er ikke registreret milepæle på sagen endnu.',
  noReadings: 'Der er ikke registreret fugtmålinger på sagen.',
  noPhotos: 'Der er ingen billeder på sagen.',
  noDeadlines: 'Ingen frister løber endnu.',
  timelineHeader: ['Tidspunkt', 'Milepæl', 'Registreret af'],
  readingsHeader: ['Tidspunkt', 'Måling', 'Metode'],
  deadlinesHeader: ['Frist', 'Forfald', 'Opfyldt', 'Status'],
  point: (room: string, point: string) => `${room} – ${point}`,
  material: (material: string) => `Materiale: ${material}`,
  target: (target: string) => `Målværdi: ${target}`,
  curveAlt: (point: string, first: string, last: string, count: number) =>
    `Fugtkurve for ${point}: ${count} målinger, den første ${first}, den seneste ${last}. Tallene står i tabellen.`,
  photoAlt: (position: number, name: string, at: string) => `Billede ${position}: ${name}, modtaget ${at}`,
  photosNotShown: (count: number) =>
    `${count} ${count === 1 ? 'billede' : 'billeder'} kan ikke vises i rapporten (format eller størrelse) og findes via linkene nedenfor.`,
  photoLinks: (validUntil: string) => `Alle billeder i fuld størrelse (linkene virker til ${validUntil}):`,
  deadlineStatus: {
    met: 'Overholdt',
    late: 'Overskredet',
    open: 'Åben',
    overdue: 'Overskredet, ikke opfyldt',
  },
  notYet: '–',
} as const;

/** The e-mail that carries the report to the insurer. */
export const reportMailCopy = {
  subject: (reference: string, claim: string | undefined) =>
    `Skaderapport – sag ${reference}${claim ? ` – skadenr. ${claim}` : ''}`,
  intro: (reference: string) => `Hermed vores første rapport om sag ${reference}.`,
  attached: 'Rapporten er vedhæftet som PDF.',
  linked: (validUntil: string) =>
    `Rapporten er for stor til at sende som vedhæftet fil. Hent den her (linket virker til ${validUntil}):`,
  download: 'Hent rapporten (PDF)',
  questions: (phone: string, email: string) =>
    `Har I spørgsmål til sagen, så ring til os på ${phone} eller skriv til ${email}.`,
  fileName: (reference: string) => `skaderapport-${reference}.pdf`,
} as const;
