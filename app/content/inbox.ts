/**
 * The staff inbox's copy that its login page needs too: addresses, titles, the frame, errors and
 * the login. The pages behind the login read ./inbox-pages.ts (the status labels among them) and the
 * kinds' names and flags ./inbox-kinds.ts, so the login page does not load them.
 */

/** The inbox's addresses (client-only pages, never prerendered or in the sitemap). */
export const inboxPaths = {
  inbox: '/indbakke',
  login: '/indbakke/login',
  lead: (id: string) => `/indbakke/henvendelse/${encodeURIComponent(id)}`,
  personalData: '/indbakke/persondata',
  log: '/indbakke/log',
  rota: '/indbakke/vagtplan',
  figures: '/indbakke/beredskab',
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
  rota: `Vagtplan | ${brand}`,
  figures: `Beredskab | ${brand}`,
} as const;
export type InboxPage = keyof typeof inboxMetaTitles;

export const inboxText = {
  /** The frame the login shares with the pages behind it (those pages' header: ./inbox-pages.ts). */
  shell: {
    skipLink: 'Spring til indhold',
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
  },
} as const;

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minut' : 'minutter'}`;
}
