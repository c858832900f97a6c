/**
 * The copy of the inbox's on-call parts: the Vagtplan and Beredskab pages, the handling of a lead
 * (Tildelt, "Ringet op", the timeline) and the list's assignment filter.
 */

/** Monday first, as the rota's handover weekday counts (0 = Monday). */
export const weekdayNames = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'] as const;
/** Sunday first, as JavaScript's getDay() counts: short forms for schedules ('fre 16:00'). */
export const weekdayShort = ['søn', 'man', 'tir', 'ons', 'tor', 'fre', 'lør'] as const;
export const monthNames = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
] as const;
export const monthShort = [
  'jan.',
  'feb.',
  'mar.',
  'apr.',
  'maj',
  'jun.',
  'jul.',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
] as const;

export const oncallText = {
  rota: {
    heading: 'Vagtplan',
    intro: 'Hvem der får SMS, når en akut skade kommer ind, og i hvilken rækkefølge.',
    nowHeading: 'På vagt nu',
    nobody: 'Ingen er på vagt. Sæt en vagtkæde op nedenfor, ellers får ingen SMS.',
    gapsHeading: 'Huller i vagtplanen',
    gapsIntro:
      'I disse tidsrum de næste 7 dage står ingen med et virkende mobilnummer først på vagt. Ret vagtkæden, eller tilføj en dækning.',
    gapNobody: 'ingen på vagt',
    gapNoPhone: (name: string) => `${name} står først, men har intet virkende mobilnummer`,
    nextHandover: (when: string) => `Næste vagtskifte: ${when}.`,
    coveredNow: 'Der er en dækning lige nu.',
    scheduleHeading: 'De næste fire uger',
    scheduleCaption: 'Vagtskifter og dækninger de næste fire uger',
    columns: { period: 'Periode', onCall: 'På vagt', next: 'Derefter', note: 'Bemærkning' },
    override: 'Dækning',
    nobodyShort: 'Ingen',
    chainHeading: 'Vagtkæde',
    chainIntro:
      'Rækkefølgen, SMS’erne går i. Ved hvert vagtskifte rykker den første bagerst, og nummer to tager over.',
    chainEmpty: 'Der er ingen i vagtkæden endnu.',
    moveUp: (name: string) => `Flyt ${name} op`,
    moveDown: (name: string) => `Flyt ${name} ned`,
    removeMember: (name: string) => `Fjern ${name} fra vagtkæden`,
    up: 'Op',
    down: 'Ned',
    remove: 'Fjern',
    addMember: 'Tilføj til vagtkæden',
    addMemberPlaceholder: 'Vælg medarbejder',
    add: 'Tilføj',
    noPhone: '(intet nummer)',
    handoverWeekday: 'Vagtskifte, ugedag',
    handoverHour: 'Vagtskifte, klokken',
    hourOption: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
    saveChain: 'Gem vagtkæden',
    savingChain: 'Gemmer …',
    chainSaved: 'Vagtkæden er gemt.',
    overridesHeading: 'Dækninger',
    overridesIntro: 'En dækning går forud for vagtkæden: personen er på vagt først i perioden.',
    noOverrides: 'Ingen dækninger er planlagt.',
    covers: (name: string, range: string) => `${name} dækker ${range}`,
    removeOverride: (text: string) => `Fjern dækningen: ${text}`,
    overrideRemoved: 'Dækningen er fjernet.',
    addOverrideHeading: 'Ny dækning',
    overridePerson: 'Hvem dækker',
    overrideFrom: 'Fra',
    overrideTo: 'Til',
    overrideTimeHint: 'Dansk tid.',
    overrideMissing: 'Vælg en person og både start og slut.',
    overrideOrder: 'Slutningen skal ligge efter starten.',
    addOverride: 'Tilføj dækning',
    overrideAdded: 'Dækningen er tilføjet.',
    profileHeading: 'Min profil',
    profileIntro: 'Dit mobilnummer: det er her, vagt-SMS’erne går til.',
    phone: 'Mit mobilnummer',
    phoneHint: '8 cifre, eller + og landekode for et udenlandsk nummer.',
    phoneInvalid: 'Skriv et dansk nummer med 8 cifre eller et nummer med landekode (+…).',
    savePhone: 'Gem nummer',
    phoneSaved: (phone: string) => `Dit nummer er gemt: ${phone}.`,
    saving: 'Gemmer …',
  },

  figures: {
    heading: 'Beredskab',
    intro:
      'Holder vi løftet om at ringe inden for 15 minutter? Tiderne regnes fra, skaden kom ind, i dansk tid.',
    month: 'Måned',
    show: 'Vis',
    caption: (month: string) => `Akutte skader i ${month}`,
    columns: {
      person: 'Medarbejder',
      emergencies: 'Akutte skader',
      ackMedian: 'Til kvittering, median',
      ackP90: 'Til kvittering, 90 %',
      callMedian: 'Til opringning, median',
      callP90: 'Til opringning, 90 %',
      within: 'Ringet op inden 15 min',
    },
    total: 'I alt',
    none: '–',
    empty: 'Ingen akutte skader i måneden.',
    downloadCsv: 'Hent CSV',
    csvHint: 'Tallene for måneden som regneark.',
    explain:
      'Median: halvdelen gik hurtigere. 90 %: ni ud af ti gik hurtigere. En skade, der ikke er ringet op, tæller som ikke inden 15 minutter, når de 15 minutter er gået; før da venter den og tælles for sig, ikke i andelen.',
    /** After the share: the ones whose time has not passed yet. */
    waiting: (count: number) => `, ${count} venter stadig inden for tiden`,
    surgeHeading: 'Travlt: målt mod den ventetid, vi meldte',
    surgeExplain:
      'Akutte skader, der kom ind, mens siden meldte travlt, tælles her og ikke i tabellen ovenfor: de måles mod den ventetid, de fik at vide.',
    surgeLine: (
      count: number,
      announced: string,
      called: string,
      share: string,
      kept: { within: number; counted: number; waiting: number },
    ) =>
      `${count} ${count === 1 ? 'akut skade' : 'akutte skader'}. Meldt ventetid, median: ${announced}. Til opringning, median: ${called}. Ringet op inden for den meldte tid: ${share} (${kept.within}/${kept.counted}, hvis tid er gået)${kept.waiting > 0 ? `. ${kept.waiting} venter stadig inden for den meldte tid` : ''}.`,
  },

  surge: {
    heading: 'Travlt?',
    normal: 'Normal drift: vi lover at ringe inden for 15 minutter.',
    travlt: (wait: string) => `Travlt: siden lover et opkald om ${wait} og viser en besked øverst.`,
    counts: (waiting: number, people: number, onCall: number) =>
      `${waiting} ${waiting === 1 ? 'akut skade venter' : 'akutte skader venter'} på at blive taget. Ventetiden regnes med ${Math.max(1, people)} ${Math.max(1, people) === 1 ? 'person' : 'personer'}: ${people} arbejder på listen (tog en skade eller åbnede listen de sidste 15 minutter) af ${onCall} i vagtkæden.`,
    allHands: (since: string) =>
      `Alle på vagt er kaldt ind siden ${since}: de får en SMS med listen, og igen når der kommer nye.`,
    switchedOn: (who: string, at: string, reason: string) => `Slået til af ${who} ${at}: ${reason}`,
    switchedOff: (who: string, at: string) => `Slået fra af ${who} ${at}.`,
    reason: 'Begrundelse',
    reasonHint: 'Fx "Skybrud i Storkøbenhavn". Ved travlt i hånden lover siden mindst 1 time.',
    turnOn: 'Slå travlt til',
    turnOff: 'Slå travlt fra',
    saving: 'Gemmer …',
    loadFailed: 'Travlt-status kunne ikke hentes.',
  },

  reserve: {
    heading: 'Reserveliste',
    intro:
      'Folk uden vagt, som kan spørges ved travlt. Når ventetiden er over 1 time, får hver af dem én SMS: "Kan du hjælpe?" med linket til listen. Ingen får den to gange inden for 30 minutter.',
    empty: 'Ingen på reservelisten.',
    called: (at: string) => `sidst spurgt ${at}`,
    neverCalled: 'ikke spurgt endnu',
    email: 'E-mail',
    emailHint: 'Medarbejderen skal have et telefonnummer.',
    add: 'Sæt på reservelisten',
    remove: (name: string) => `Fjern ${name} fra reservelisten`,
    removeShort: 'Fjern',
    saving: 'Gemmer …',
    loadFailed: 'Reservelisten kunne ikke hentes.',
  },

  handling: {
    heading: 'Vagt og opkald',
    assignee: 'Tildelt',
    nobody: 'Ingen',
    assigned: (name: string | null) => (name ? `Sagen er tildelt ${name}.` : 'Sagen er ikke tildelt nogen.'),
    acknowledged: (name: string, at: string) => `Taget af ${name} ${at}.`,
    notAcknowledged: 'Ingen har taget vagt-SMS’en endnu.',
    calledBack: 'Ringet op',
    calledBackBy: (name: string, at: string) => `Ringet op af ${name} ${at}.`,
    calledBackDone: 'Opringningen er noteret.',
    saving: 'Gemmer …',
    timelineHeading: 'Forløb',
    timelineMissing: 'Forløbet kunne ikke hentes. Genindlæs siden for at prøve igen.',
    someone: 'en tidligere medarbejder',
  },

  timeline: {
    received: 'Modtaget',
    paged: (name: string, step: number) => `SMS sendt til ${name} (trin ${step + 1})`,
    pageFailed: (name: string, gaveUp: boolean) =>
      gaveUp ? `SMS til ${name} kunne ikke sendes og er opgivet` : `SMS til ${name} kunne ikke sendes`,
    acknowledged: (name: string) => `Taget af ${name}`,
    assigned: (to: string | null, by: string) =>
      to ? `Tildelt ${to} af ${by}` : `Tildelingen fjernet af ${by}`,
    calledBack: (name: string) => `Ringet op af ${name}`,
    statusChanged: (from: string, to: string, by: string) => `Status ændret fra ${from} til ${to} af ${by}`,
    visitSet: (visit: string | null, by: string) =>
      visit ? `Besigtigelse aftalt til ${visit} af ${by}` : `Besigtigelsestiden fjernet af ${by}`,
    workStarted: (by: string) => `Arbejdet sat i gang (I gang) af ${by}`,
    milestone: (label: string, by: string) => `${label} (registreret af ${by})`,
    milestoneWithdrawn: (label: string, by: string) => `${label} trukket tilbage af ${by}`,
    inDigest: (name: string, step: number, again: boolean) =>
      `Med i en samlet SMS til ${name} (trin ${step + 1}${again ? ', sendt igen' : ''})`,
    pagedAgain: (name: string, step: number) => `SMS sendt igen til ${name} (trin ${step + 1})`,
    reminded: (name: string) => `Påmindelse om at ringe sendt til ${name}`,
    withdrawn: (name: string, takenAt: string | null) =>
      `Taget af ${name}${takenAt ? ` kl. ${takenAt}` : ''}, men ikke ringet op: sendt til vagten igen`,
  },

  assignedFilter: {
    label: 'Tildeling',
    all: 'Alle sager',
    me: 'Mine sager',
    none: 'Ikke tildelt',
  },
} as const;
