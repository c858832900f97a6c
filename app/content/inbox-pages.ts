import { retention } from '../../domain/constants';

/**
 * The copy of the inbox's pages behind the login (the list, a lead, personal data, the log). Apart
 * from app/content/inbox.ts, which the login page loads: the login, the inbox's first load, then
 * carries none of these texts.
 */
export const inboxPagesText = {
  /** How long ago a lead arrived (app/components/inbox/format.ts). */
  age: {
    now: 'lige nu',
    minutes: (count: number) => `for ${count} min siden`,
    hours: (count: number) => `for ${count} t siden`,
    days: (count: number) => `for ${count} ${count === 1 ? 'dag' : 'dage'} siden`,
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
      select: 'Vælg',
      received: 'Modtaget',
      kind: 'Type',
      reference: 'Reference',
      name: 'Navn',
      topic: 'Emne',
      contact: 'Telefon og by',
      insurer: 'Forsikring',
      status: 'Status',
      action: 'Handling',
    },
    photos: (count: number) => (count === 1 ? '1 foto' : `${count} fotos`),
    noPhone: 'Intet telefonnummer',
    call: (phone: string) => `Ring ${phone}`,
    customer: 'Kunde',
    open: (reference: string, name: string) => `Åbn ${reference} fra ${name}`,
    dateOrder:
      'Fra-datoen ligger efter til-datoen. Vælg en fra-dato, der er før eller samme dag som til-datoen.',

    bulkLabel: 'Valgte henvendelser',
    selectAll: 'Vælg alle på siden',
    selectLead: (reference: string, name: string) => `Vælg ${reference} fra ${name}`,
    selected: (count: number) => (count === 0 ? 'Ingen valgt' : `${count} valgt`),
    bulkStatus: 'Ny status',
    bulkApply: 'Sæt status for de valgte',
    bulkApplying: 'Sætter status …',
    bulkNoneSelected: 'Vælg mindst én henvendelse først.',
    bulkDone: (count: number, status: string) =>
      `Status er sat til ${status} for ${count} ${count === 1 ? 'henvendelse' : 'henvendelser'}.`,
    closedOne: (reference: string, status: string) => `${reference} har fået status ${status}.`,

    shortcutsButton: 'Tastaturgenveje',
    shortcutsHeading: 'Tastaturgenveje',
    shortcutsIntro: 'Genvejene virker på listen, men ikke mens du skriver i et felt.',
    shortcuts: [
      { keys: ['j'], action: 'Vælg den næste henvendelse' },
      { keys: ['k'], action: 'Vælg den forrige henvendelse' },
      { keys: ['o', 'Enter'], action: 'Åbn den valgte henvendelse' },
      { keys: ['e'], action: 'Sæt den valgte henvendelse til Afsluttet' },
      { keys: ['/'], action: 'Gå til søgefeltet' },
      { keys: ['?'], action: 'Vis denne oversigt' },
    ],
    shortcutKeysJoin: 'eller',
    closeShortcuts: 'Luk',
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
    photoFailed: 'Fotoet kunne ikke hentes. Prøv igen om lidt, eller genindlæs siden.',
    photoFailedShort: 'Fotoet kunne ikke hentes.',
    retryPhoto: 'Prøv igen',
    print: 'Udskriv sagsark',
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
    customer: 'Kunde',
    customerWarningHeading: 'Personen er kunde',
    customerWarning: `Mindst én af henvendelserne er markeret som kunde. Som vores privatlivspolitik lover, gemmer vi kunders oplysninger, så længe sagen er åben, og i ${retention.customerDataYearsAfterContract} år efter, at den er afsluttet, af hensyn til bogføringsloven og eventuelle krav. Slet kun kundens data, hvis der er en særlig grund til det.`,
    customerConfirm: `Jeg bekræfter, at kundens data skal slettes nu, selv om de ellers gemmes i ${retention.customerDataYearsAfterContract} år efter, at sagen er afsluttet.`,
    customerConfirmMissing: 'Sæt flueben for at bekræfte, at en kundes data skal slettes.',
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

/**
 * The names of the details the audit log keeps with an entry (server/routes/staff.ts,
 * server/services/), in the order they are shown; a dated or status range reads "fra … til".
 */
export const auditDetailLabels: Record<string, string> = {
  from: 'fra',
  to: 'til',
  isCustomer: 'kunde',
  by: 'søgt på',
  found: 'fundet',
  leads: 'henvendelser slettet',
  photos: 'fotos slettet',
  mails: 'e-mails slettet',
  requesterMentions: 'henvendelser, hvor personen kun var nævnt som rekvirent',
  step: 'trin',
  filter: 'filter',
  kind: 'type',
  status: 'status',
  q: 'søgning',
  ids: 'henvendelser',
  count: 'antal',
};

export const auditValueLabels: Record<string, string> = {
  yes: 'ja',
  no: 'nej',
  none: 'ingen',
  totp: 'kode fra godkendelsesappen',
  recovery: 'gendannelseskode',
};
