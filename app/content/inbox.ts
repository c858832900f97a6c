import { retention } from '../../domain/constants';
import type { LeadKind, LeadStatus } from '../../domain/lead';

/**
 * The staff inbox's copy: every text staff read in /indbakke. Only the types of domain/lead.ts
 * are imported, so its schemas never reach the browser.
 */

/** The inbox's addresses (client-only pages, never prerendered or in the sitemap). */
export const inboxPaths = {
  inbox: '/indbakke',
  login: '/indbakke/login',
  lead: (id: string) => `/indbakke/henvendelse/${encodeURIComponent(id)}`,
  personalData: '/indbakke/persondata',
  log: '/indbakke/log',
} as const;

/** True for /indbakke and every path under it. */
export function isInboxPath(path: string): boolean {
  return path === inboxPaths.inbox || path.startsWith(`${inboxPaths.inbox}/`);
}

const brand = 'Indbakke';

export const inboxMetaTitles = {
  login: `Log ind | ${brand}`,
  inbox: `Henvendelser | ${brand}`,
  lead: `Henvendelse | ${brand}`,
  personalData: `Persondata | ${brand}`,
  log: `Log | ${brand}`,
} as const;
export type InboxPage = keyof typeof inboxMetaTitles;

/** Short names of the lead kinds, for filters and badges. */
export const inboxKindLabels: Record<LeadKind, string> = {
  kontakt: 'Kontakt',
  anmeldelse: 'Anmeldelse',
  'akut-skade': 'Akut',
  ressource: 'Ressource',
};

export const inboxStatusLabels: Record<LeadStatus, string> = {
  new: 'Ny',
  'in-progress': 'I gang',
  done: 'Afsluttet',
  spam: 'Spam',
};

export const inboxText = {
  shell: {
    skipLink: 'Spring til indhold',
    home: 'Indbakke – til henvendelserne',
    title: 'Indbakke',
    navLabel: 'Indbakken',
    nav: {
      inbox: 'Henvendelser',
      personalData: 'Persondata',
      log: 'Log',
    },
    signedInAs: 'Logget ind som',
    logout: 'Log ud',
    loggingOut: 'Logger ud …',
    loading: 'Indlæser …',
    loggedOut: 'Du er logget ud.',
  },

  errors: {
    network: 'Der er ingen forbindelse til serveren. Tjek forbindelsen, og prøv igen.',
    generic: 'Noget gik galt. Prøv igen om lidt.',
    sessionEnded: 'Du er ikke længere logget ind.',
    notFound: 'Henvendelsen findes ikke. Måske er den slettet.',
    tooManyAttempts: (seconds: number | undefined) =>
      seconds
        ? `For mange forsøg. Vent ${formatWait(seconds)}, og prøv igen.`
        : 'For mange forsøg. Vent lidt, og prøv igen.',
    pageTitle: 'Siden kunne ikke vises',
    backToInbox: 'Til henvendelserne',
    retry: 'Prøv igen',
  },

  login: {
    heading: 'Log ind i indbakken',
    intro: 'Kun for medarbejdere. Du skal bruge din e-mail, din adgangskode og din godkendelsesapp.',
    email: 'E-mail',
    password: 'Adgangskode',
    submit: 'Log ind',
    submitting: 'Logger ind …',
    missingFields: 'Skriv både din e-mail og din adgangskode.',

    verifyHeading: 'Bekræft, at det er dig',
    verifyIntro: 'Åbn din godkendelsesapp, og skriv den 6-cifrede kode for Skadekompagniets indbakke.',
    code: 'Kode fra godkendelsesappen',
    codeHint: '6 cifre',
    codeMissing: 'Skriv de 6 cifre fra godkendelsesappen.',
    verify: 'Bekræft',
    verifying: 'Bekræfter …',
    useRecoveryCode: 'Brug en gendannelseskode',
    useApp: 'Brug koden fra appen i stedet',
    recoveryCode: 'Gendannelseskode',
    recoveryHint: 'En af de 10 koder, du gemte, da du satte appen op. Hver kode virker én gang.',
    recoveryMissing: 'Skriv en af dine gendannelseskoder.',
    restart: 'Start forfra',

    enrolHeading: 'Sæt totrinsbekræftelse op',
    enrolIntro:
      'Første gang du logger ind, skal du forbinde en godkendelsesapp (f.eks. Microsoft Authenticator eller Google Authenticator) til din konto.',
    enrolStepScan: 'Scan QR-koden med appen.',
    enrolStepCode: 'Skriv den 6-cifrede kode, appen viser.',
    qrAlt: 'QR-kode til godkendelsesappen',
    manualEntry: 'Kan du ikke scanne? Skriv nøglen i appen:',
    enrolLoading: 'Henter QR-koden …',
    enrol: 'Forbind appen',
    enrolling: 'Forbinder …',

    recoveryHeading: 'Gem dine gendannelseskoder',
    recoveryIntro:
      'Mister du telefonen, kan du logge ind med en af disse koder. Hver kode virker én gang. Koderne vises kun nu: gem dem et sikkert sted, f.eks. i en adgangskodemanager.',
    recoveryListLabel: 'Dine gendannelseskoder',
    copy: 'Kopiér koderne',
    copied: 'Koderne er kopieret.',
    copyFailed: 'Koderne kunne ikke kopieres. Markér dem, og kopiér dem selv.',
    download: 'Hent som fil',
    downloadFileName: 'gendannelseskoder-skadekompagniet.txt',
    saved: 'Jeg har gemt koderne',
  },

  list: {
    heading: 'Henvendelser',
    urgentHeading: 'Nye akutte skader',
    urgentIntro: 'Ring op hurtigst muligt. De står også på listen nedenfor.',
    statusNavLabel: 'Status',
    allStatuses: 'Alle',
    filtersHeading: 'Filtrér',
    kind: 'Type',
    allKinds: 'Alle typer',
    from: 'Fra dato',
    to: 'Til dato',
    search: 'Søg',
    searchHint: 'Navn, e-mail, telefon, reference eller tekst',
    apply: 'Vis',
    reset: 'Nulstil filtre',
    exportCsv: 'Eksportér CSV',
    exportHint: 'Med de viste filtre',
    showing: (shown: number, more: boolean) =>
      `Viser ${shown} ${shown === 1 ? 'henvendelse' : 'henvendelser'}${more ? ' – der er flere' : ''}.`,
    empty: 'Ingen henvendelser passer til filtrene.',
    emptySpam: 'Ingen henvendelser er markeret som spam.',
    spamIntro:
      'Henvendelser, som spamtjekket eller en medarbejder har markeret som spam. De indgår ikke i de andre lister.',
    showMore: 'Vis flere',
    loadingMore: 'Henter flere …',
    notSpam: 'Ikke spam',
    notSpamDone: (reference: string) => `${reference} er flyttet tilbage til nye henvendelser.`,
    columns: {
      received: 'Modtaget',
      kind: 'Type',
      reference: 'Reference',
      name: 'Navn',
      topic: 'Emne',
      status: 'Status',
      action: 'Handling',
    },
    photos: (count: number) => (count === 1 ? '1 foto' : `${count} fotos`),
    customer: 'Kunde',
    open: (reference: string, name: string) => `Åbn ${reference} fra ${name}`,
  },

  lead: {
    back: 'Tilbage til henvendelserne',
    received: 'Modtaget',
    actionsLabel: 'Kontakt afsenderen',
    reply: 'Svar på e-mail',
    replySubject: (reference: string) => `Vedr. din henvendelse ${reference}`,
    call: (phone: string) => `Ring ${phone}`,
    statusHeading: 'Status',
    statusGroupLabel: 'Skift status',
    currentStatus: 'Nuværende status',
    markSpam: 'Markér som spam',
    notSpam: 'Ikke spam',
    statusChanged: (label: string) => `Status er ændret til ${label}.`,
    changedBy: (by: string | null, at: string) => (by ? `Ændret af ${by} ${at}.` : `Ændret ${at}.`),
    neverChanged: 'Status er ikke ændret siden modtagelsen.',
    customerHeading: 'Kunde',
    customer: 'Kunde',
    customerHint: `Kunders oplysninger gemmes, så længe sagen er åben, og i ${retention.customerDataYearsAfterContract} år efter, at den er afsluttet.`,
    customerOn: 'Markeret som kunde.',
    customerOff: 'Ikke længere markeret som kunde.',
    fieldsHeading: 'Oplysninger',
    spamHeading: 'Spamtjek',
    spamIntro: 'Spamtjekket markerede henvendelsen af disse grunde:',
    photosHeading: 'Fotos',
    photoLabel: (position: number, count: number, name: string | null) =>
      `Foto ${position} af ${count}${name ? `: ${name}` : ''}`,
    openPhoto: (position: number) => `Vis foto ${position} i fuld størrelse`,
    photoDialogDescription: 'Fotoet i fuld størrelse.',
    downloadPhoto: 'Hent originalen',
    closePhoto: 'Luk',
    notesHeading: 'Noter',
    noNotes: 'Ingen noter endnu.',
    noteLabel: 'Ny note',
    noteHint: 'Kun for medarbejdere. Afsenderen ser aldrig noterne.',
    noteMissing: 'Skriv noten først.',
    addNote: 'Gem note',
    addingNote: 'Gemmer …',
    noteAdded: 'Noten er gemt.',
    saving: 'Gemmer …',
  },

  personalData: {
    heading: 'Persondata',
    intro:
      'Find alt, hvad vi har gemt om én person: for at udlevere det (indsigt) eller slette det (retten til sletning).',
    searchBy: 'Søg efter',
    byEmail: 'E-mail',
    byPhone: 'Telefon',
    email: 'E-mail-adresse',
    phone: 'Telefonnummer',
    missing: 'Skriv en e-mail-adresse eller et telefonnummer.',
    search: 'Søg',
    searching: 'Søger …',
    resultsHeading: 'Fundne henvendelser',
    found: (count: number) =>
      count === 0
        ? 'Vi har ingen henvendelser fra denne person.'
        : `Fundet: ${count} ${count === 1 ? 'henvendelse' : 'henvendelser'}.`,
    downloadJson: 'Hent alle data som JSON',
    erase: 'Slet personens data',
    confirmHeading: 'Bekræft sletningen',
    confirmIntro: (count: number) =>
      `${count === 1 ? 'Henvendelsen' : `Alle ${count} henvendelser`} med fotos, noter og e-mails i kø slettes for altid. Det kan ikke fortrydes.`,
    requester: 'Nævnt som rekvirent',
    requesterErasure:
      'Hvor personen kun er nævnt som rekvirent, slettes kun rekvirentens oplysninger; resten af henvendelsen bliver.',
    confirmEmail: 'Skriv e-mail-adressen igen for at bekræfte',
    confirmPhone: 'Skriv telefonnummeret igen for at bekræfte',
    confirmMismatch: 'Det passer ikke med det, du søgte på. Skriv det igen.',
    eraseConfirm: 'Slet for altid',
    erasing: 'Sletter …',
    cancel: 'Annullér',
    erased: (leads: number, photos: number, mails: number) =>
      `Slettet: ${leads} ${leads === 1 ? 'henvendelse' : 'henvendelser'}, ${photos} ${photos === 1 ? 'foto' : 'fotos'} og ${mails} ${mails === 1 ? 'e-mail' : 'e-mails'}.`,
  },

  log: {
    heading: 'Log',
    intro: 'Hvem gjorde hvad og hvornår: log ind, ændringer, eksport og sletning. Loggen kan ikke ændres.',
    columns: {
      at: 'Tidspunkt',
      actor: 'Medarbejder',
      action: 'Handling',
      lead: 'Henvendelse',
      details: 'Detaljer',
    },
    empty: 'Loggen er tom.',
    system: 'Systemet',
    openLead: 'Åbn henvendelsen',
    showMore: 'Vis flere',
    loadingMore: 'Henter flere …',
    showing: (count: number) => `Viser ${count} ${count === 1 ? 'hændelse' : 'hændelser'}.`,
  },
} as const;

/** What the audit log's action codes mean; an unknown code is shown as it is. */
export const auditActionLabels: Record<string, string> = {
  login: 'Logget ind',
  'login-failed': 'Mislykket login',
  logout: 'Logget ud',
  'totp-enrolled': 'Godkendelsesapp forbundet',
  'recovery-code-used': 'Gendannelseskode brugt',
  'lead-viewed': 'Henvendelse åbnet',
  'status-changed': 'Status ændret',
  'customer-changed': 'Kundemarkering ændret',
  'note-added': 'Note tilføjet',
  export: 'CSV eksporteret',
  'personal-data-lookup': 'Persondata slået op',
  'personal-data-export': 'Persondata udleveret',
  erasure: 'Persondata slettet',
};

/** The names of the details the audit log keeps with an entry; others are shown as they are. */
export const auditDetailLabels: Record<string, string> = {
  from: 'fra',
  to: 'til',
  isCustomer: 'kunde',
  by: 'søgt på',
  found: 'fundet',
  leads: 'henvendelser',
  photos: 'fotos',
  mails: 'e-mails',
  step: 'trin',
  filter: 'filter',
  kind: 'type',
  status: 'status',
  q: 'søgning',
};

export const auditValueLabels = { yes: 'ja', no: 'nej', none: 'ingen' } as const;

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minut' : 'minutter'}`;
}
