import { retention } from '../../domain/constants';
import { milestoneLabels } from '../../domain/milestones';
import type { LeadStatus } from '../../domain/lead';

/**
 * The copy of the inbox's pages behind the login (the list, a lead, personal data, the log). Apart
 * from app/content/inbox.ts, which the login page loads: the login, the inbox's first load, then
 * carries none of these texts.
 */
/** The header of the pages behind the login: who is logged in, logging out, the pages. */
export const inboxLayoutText = {
  title: 'Indbakke',
  navLabel: 'Indbakken',
  nav: {
    inbox: 'Henvendelser',
    personalData: 'Persondata',
    log: 'Log',
    rota: 'Vagtplan',
    figures: 'Beredskab',
  },
  signedInAs: 'Logget ind som',
  logout: 'Log ud',
  loggingOut: 'Logger ud …',
  loading: 'Indlæser …',
} as const;

/** The button under a list read page by page (the leads, the audit log). */
export const inboxMoreText = {
  showMore: 'Vis flere',
  loadingMore: 'Henter flere …',
} as const;

/** The live inbox: the tone for a new emergency and what a screen reader hears. */
export const liveInboxText = {
  soundOn: 'Slå lyd til',
  soundOff: 'Slå lyd fra',
  soundHint: 'En kort tone, når en ny akut skade kommer ind.',
  newEmergency: (references: readonly string[]) =>
    references.length === 1
      ? `Ny akut skade: ${references[0]}.`
      : `${references.length} nye akutte skader: ${references.join(', ')}.`,
} as const;

export const inboxStatusLabels: Record<LeadStatus, string> = {
  new: 'Ny',
  'in-progress': 'I gang',
  done: 'Afsluttet',
  spam: 'Spam',
};

export const inboxPagesText = {
  /** How long ago a lead arrived (app/components/inbox/shared/format.ts). */
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
    urgentShowing: (shown: number, total: number) => `Viser de ${shown} første af ${total}, kritiske først.`,
    urgentAll: (total: number) => `Se alle ${total} nye akutte skader`,
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
    notSpam: 'Ikke spam',
    notSpamDone: (reference: string) => `${reference} er flyttet tilbage til nye henvendelser.`,
    tableLabel: 'Tabel over henvendelserne',
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
    // One key press closes a lead: it tidies, like the bulk change, and tells no customer.
    closedOne: (reference: string, status: string) =>
      `${reference} har fået status ${status}, uden besked til kunden.`,

    shortcutsButton: 'Tastaturgenveje',
    shortcutsHeading: 'Tastaturgenveje',
    shortcutsIntro: 'Genvejene virker på listen, men ikke mens du skriver i et felt.',
    shortcuts: [
      { keys: ['j'], action: 'Vælg den næste henvendelse' },
      { keys: ['k'], action: 'Vælg den forrige henvendelse' },
      { keys: ['o', 'Enter'], action: 'Åbn den valgte henvendelse' },
      { keys: ['e'], action: 'Sæt den valgte henvendelse til Afsluttet, uden besked til kunden' },
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
    reply: 'Skriv til kunden',
    call: (phone: string) => `Ring ${phone}`,
    statusHeading: 'Status',
    statusGroupLabel: 'Skift status',
    currentStatus: 'Nuværende status',
    markSpam: 'Markér som spam',
    notifyOnClose: 'Send kunden en besked, når sagen afsluttes',
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
    technician: 'Teknikervisning (mobil)',
    /** The technician's page of a case, served by the server as plain HTML (not an inbox page). */
    technicianPath: (id: string) => `/tekniker/${encodeURIComponent(id)}`,
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
    addedLater: 'Tilføjet senere',
    addedLaterAt: (at: string) => `Tilføjet senere af kunden, ${at}`,
    caseLinkHeading: 'Kundens sagsside',
    caseLinkOpen: (sent: string | null) =>
      sent
        ? `Kunden har et link til sin sagsside (sendt ${sent}). Alle med linket kan se sagens status.`
        : 'Kunden har et link til sin sagsside på vej i en e-mail. Alle med linket kan se sagens status.',
    caseLinkClosed: 'Kunden har intet åbent link til sagssiden.',
    caseLinkHint:
      'Et nyt link lukker det gamle. Luk linket, hvis det er kommet i de forkerte hænder, eller hvis kunden beder om det.',
    sendCaseLink: 'Send nyt link til kunden',
    closeCaseLink: 'Luk kundens link',
    caseLinkSent: 'Et nyt link er på vej til kunden. Det gamle virker ikke længere.',
    caseLinkClosedDone: 'Kundens link er lukket.',
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
    adjusterHeading: 'Som taksator',
    adjusterIntro:
      'Links til taksatorsiden, som personen har fået: med deres beskeder til os og deres tilfredshedssvar. Sagernes kundedata hører til kunden og er ikke med.',
    adjusterCase: 'Sag',
    adjusterInsurer: 'Forsikringsselskab',
    adjusterGiven: 'Givet',
    adjusterClosed: 'Lukket',
    adjusterLastOpened: 'Sidst åbnet',
    adjusterMessages: (count: number) => `${count} ${count === 1 ? 'besked' : 'beskeder'} til os`,
    adjusterSatisfaction: 'Tilfredshedssvar',
    adjusterErasure: (count: number) =>
      `${count === 1 ? 'Linket' : `Alle ${count} links`} til taksatorsiden lukkes, og taksatorens navn, e-mail og tilfredshedssvar slettes. Teksten i deres beskeder bliver i sagen, uden navn.`,
    erasedAdjusterLinks: (count: number) =>
      `${count} ${count === 1 ? 'link' : 'links'} til taksatorsiden lukket og anonymiseret.`,
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
  'login-delays-cleared': 'Ventetider for login ophævet',
  'lead-search': 'Søgt i henvendelserne',
  'lead-viewed': 'Henvendelse åbnet',
  'photos-viewed': 'Fotos vist',
  'status-changed': 'Status ændret',
  'customer-changed': 'Kundemarkering ændret',
  'note-added': 'Note tilføjet',
  export: 'CSV eksporteret',
  'personal-data-lookup': 'Persondata slået op',
  'personal-data-export': 'Persondata udleveret',
  erasure: 'Persondata slettet',
  'staff-added': 'Konto oprettet',
  'staff-disabled': 'Konto spærret',
  'staff-password-reset': 'Adgangskode skiftet',
  'staff-phone-set': 'Mobilnummer ændret',
  'oncall-chain-set': 'Vagtkæde ændret',
  'oncall-override-added': 'Dækning tilføjet',
  'oncall-override-removed': 'Dækning fjernet',
  'oncall-acknowledged': 'Vagt-SMS taget',
  'oncall-ack-withdrawn': 'Ikke ringet op og sendt til vagtkæden igen',
  'lead-assigned': 'Henvendelse tildelt',
  'lead-called-back': 'Ringet op',
  'case-link-sent': 'Nyt sagslink sendt til kunden',
  'report-sent': 'Rapport sendt til forsikringsselskabet',
  'report-downloaded': 'Rapport hentet',
  'case-link-closed': 'Kundens sagslink lukket',
  'adjuster-link-created': 'Taksatorlink givet',
  'adjuster-link-revoked': 'Taksatorlink lukket',
  'adjuster-page-opened': 'Taksatorens side åbnet',
  'adjuster-message-sent': 'Besked til taksator',
  'lead-message-batch': 'Opdatering sendt til ventende',
  'lead-message-sent': 'Besked sendt til kunden',
  'staff-role-set': 'Rolle ændret',
  'insurer-changed': 'Forsikringsselskab ændret',
  'technician-photos-added': 'Billeder tilføjet fra teknikervisningen',
  'role-refused': 'Afvist uden rollen koordinator',
  'step-up-failed': 'Ændring afvist uden gyldig kode',
  'surge-on': 'Travlt slået til',
  'surge-off': 'Travlt slået fra',
  'all-hands-on': 'Alle på vagt kaldt ind',
  'all-hands-off': 'Vagtkæden igen efter travlt',
  'reserve-added': 'Sat på reservelisten',
  'reserve-removed': 'Taget af reservelisten',
  'visit-time-set': 'Besigtigelse ændret',
  'moisture-recorded': 'Fugtmåling registreret',
  'moisture-withdrawn': 'Fugtmåling trukket tilbage',
  'work-started': 'Arbejdet sat i gang',
  'milestone-recorded': 'Milepæl registreret',
  'milestone-withdrawn': 'Milepæl trukket tilbage',
  'insurer-key-created': 'API-nøgle til forsikringsselskab oprettet',
  'insurer-key-revoked': 'API-nøgle til forsikringsselskab spærret',
  'assignment-received': 'Rekvisition modtaget via API',
  'satisfaction-followed-up': 'Utilfreds kunde fulgt op',
};

/**
 * The names of the details the audit log keeps with an entry (server/staff/audit.ts and the
 * features that write it), in the order they are shown; a dated or status range reads "fra … til".
 */
export const auditDetailLabels: Record<string, string> = {
  from: 'fra',
  to: 'til',
  isCustomer: 'kunde',
  closed: 'åbne links lukket',
  by: 'søgt på',
  found: 'fundet',
  leads: 'henvendelser slettet',
  photos: 'fotos slettet',
  mails: 'e-mails slettet',
  requesterMentions: 'henvendelser, hvor personen kun var nævnt som rekvirent',
  adjusterLinks: 'taksatorlinks',
  step: 'trin',
  filter: 'filter',
  kind: 'type',
  status: 'status',
  q: 'søgning',
  assigned: 'tildeling',
  ids: 'henvendelser',
  count: 'antal',
  sms: 'heraf SMS',
  postcodePrefix: 'postnummer',
  priorities: 'prioritet',
  batchId: 'opdatering',
  messageId: 'besked',
  byEmail: 'som e-mail',
  bySms: 'som SMS',
  about: 'anledning',
  person: 'medarbejder',
  phone: 'telefon',
  members: 'personer i vagtkæden',
  reason: 'begrundelse',
  handover: 'vagtskifte',
  weekday: 'ugedag',
  hour: 'klokken',
  startsAt: 'fra',
  endsAt: 'til',
  removed: 'fjernet',
  reference: 'reference',
  role: 'rolle',
  needed: 'kræver rollen',
  route: 'adresse',
  method: 'metode',
  waiting: 'akutte skader venter',
  working: 'arbejder på listen',
  onCall: 'i vagtkæden',
  woken: 'kaldt ind',
  manual: 'slået til i hånden',
  milestoneId: 'milepæl',
  at: 'tidspunkt',
  readingId: 'fugtmåling',
  room: 'rum',
  point: 'målepunkt',
  value: 'værdi',
  unit: 'enhed',
  measuredAt: 'målt',
  keyId: 'API-nøgle',
  insurer: 'forsikringsselskab',
  label: 'betegnelse',
  claimNumber: 'skadenummer',
};

export const auditValueLabels: Record<string, string> = {
  yes: 'ja',
  no: 'nej',
  none: 'ingen',
  me: 'mine sager',
  totp: 'kode fra godkendelsesappen',
  recovery: 'gendannelseskode',
  visit: 'besigtigelse aftalt',
  done: 'sagen afsluttet',
  // A milestone's kind, and the customer's message about one (paa-vej, skadestop).
  ...milestoneLabels,
};
