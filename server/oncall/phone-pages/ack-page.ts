/**
 * The acknowledgement page an on-call SMS links to, as HTML: a phone at night, no scripts, one
 * inline style (allowed by its hash in the page's own CSP), and the Danish words it shows.
 */
import { damageTypeLabels, type DamageType } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/phone.ts';
import { styleOnlyPagePolicy } from '../../plugins/security-headers.ts';
import { styleOnlyPageStart } from '../../plugins/style-only-page.ts';
import { escapeHtml, formatDanishDateTime } from '../../mail/html.ts';
import type { pageSummary } from '../assignment/acknowledge.ts';
import { formatClock } from '../../../domain/zoned-time.ts';

export interface AckPage {
  status: number;
  title: string;
  /** HTML of the page's main content, already escaped. */
  body: string;
  /** The browser loads the page again by itself after this many seconds (a meta refresh, no script). */
  refreshSeconds?: number;
}

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.5;color:#111;background:#fff;max-width:32rem}
h1{font-size:1.4rem;margin:.2rem 0 1rem}dl{margin:0 0 1.2rem}dt{font-weight:600;margin-top:.6rem}dd{margin:0}
.call,button{display:block;box-sizing:border-box;width:100%;padding:1rem;font-size:1.2rem;border-radius:.5rem;text-align:center;text-decoration:none;margin:.8rem 0}
.call{background:#0a5c2b;color:#fff}button{background:#b00020;color:#fff;border:0;font-weight:700}
.note{padding:.8rem;border-radius:.5rem;background:#f2f2f2}a:focus,button:focus{outline:3px solid #1a4fd8;outline-offset:2px}
ol,ul{list-style:none;margin:0 0 1.5rem;padding:0}li.item{border:2px solid #ccc;border-radius:.5rem;padding:.8rem;margin:0 0 1rem}li.kritisk{border-color:#b00020}
h2{font-size:1.2rem;margin:1.5rem 0 .6rem}li.item h2{font-size:1.1rem;margin:0 0 .3rem}.meta{margin:0}.tag{font-weight:700;color:#b00020}.spam{font-weight:700;color:#6b4e00}
li.done{border-bottom:1px solid #ccc;padding:.5rem 0}.back{display:block;padding:1rem 0;font-size:1.1rem;color:#1a4fd8}
.pages{display:flex;justify-content:space-between;gap:1rem}.pages a{padding:.8rem 0;font-size:1.1rem;color:#1a4fd8}.pages a[rel=next]{margin-left:auto}`;

export function ackPagePolicy(publicUrl: string): string {
  return styleOnlyPagePolicy(style, publicUrl);
}

export function ackPageHtml(title: string, body: string, refreshSeconds?: number): string {
  // A navigation, not a fetch: the page's CSP (no sandbox directive) lets it through.
  const refresh = refreshSeconds ? [`<meta http-equiv="refresh" content="${refreshSeconds}">`] : [];
  return `${styleOnlyPageStart({ title, style, robots: 'noindex, nofollow', head: refresh })}
<main>
${body}
</main>
</body>
</html>
`;
}

/** The on-call queue page a digest SMS links to (server/oncall/phone-pages/queue-page.ts). */
export const queuePageCopy = {
  title: 'Akutte skader',
  intro: {
    kritisk: 'Alle åbne akutte skader, som ingen har taget endnu: kritiske først, så de ældste.',
    nyeste: 'Alle åbne akutte skader, som ingen har taget endnu: de nyeste først.',
  },
  total: (count: number, order: 'kritisk' | 'nyeste') =>
    `${count} åbne – ${order === 'kritisk' ? 'kritiske først' : 'nyeste først'}`,
  showing: (from: number, to: number) => `Viser ${from}–${to}.`,
  switchTo: { kritisk: 'Vis kritiske først', nyeste: 'Vis nyeste først' },
  previous: (count: number) => `Forrige ${count}`,
  next: (count: number) => `Næste ${count}`,
  pagesLabel: 'Flere i listen',
  noneHere: 'Ikke flere åbne akutte skader her.',
  toStart: 'Til starten af listen',
  badCursorTitle: 'Den del af listen findes ikke',
  badCursor: 'Linket peger på en del af listen, vi ikke kender. Åbn listen fra starten.',
  updated: (clock: string) => `Opdateret kl. ${clock}.`,
  refresh: 'Opdater listen',
  autoOn: 'Opdater selv hvert halve minut',
  autoOff: 'Stop den automatiske opdatering',
  autoRunning: 'Siden opdaterer sig selv hvert halve minut.',
  none: 'Ingen åbne akutte skader lige nu.',
  critical: 'KRITISK',
  possibleSpam: 'mulig spam',
  received: (age: string) => `Modtaget for ${age} siden`,
  call: (phone: string) => `Ring ${phone}`,
  noPhone: 'Intet telefonnummer',
  take: 'Jeg tager den',
  takenHeading: (hours: number) => `Taget de sidste ${hours} timer`,
  takenNone: 'Ingen endnu.',
  takenBy: (reference: string, name: string, clock: string) => `${reference}: ${name} kl. ${clock}`,
  back: 'Tilbage til listen',
  unknownAddress: 'Ukendt by',
} as const;

/** The pages for a link that cannot be used, by why. */
export const ackProblems = {
  invalid: [
    403,
    'Ugyldigt link',
    "<h1>Linket er ikke gyldigt</h1><p>Brug linket fra SMS'en, som det står, eller ring til kontoret.</p>",
  ],
  expired: [
    410,
    'Linket er udløbet',
    '<h1>Linket er udløbet</h1><p>Links fra vagt-SMS virker i 24 timer. Se henvendelsen i indbakken.</p>',
  ],
  missing: [
    404,
    'Henvendelsen findes ikke',
    '<h1>Henvendelsen findes ikke længere</h1><p>Den kan være slettet.</p>',
  ],
  'not-yours': [
    403,
    'Ikke din sag',
    '<h1>Det er ikke din sag</h1><p>Kun den, der har taget sagen, kan melde den ringet op herfra. Brug indbakken.</p>',
  ],
  disabled: [
    403,
    'Ingen adgang',
    '<h1>Ingen adgang</h1><p>Din konto er spærret, så linket virker ikke længere. Ring til kontoret.</p>',
  ],
  forbidden: [
    403,
    'Prøv igen',
    "<h1>Prøv igen</h1><p>Siden var for gammel eller kom ikke fra os. Åbn linket fra SMS'en igen, og tryk på knappen.</p>",
  ],
} as const;

export function ackProblemPage(kind: keyof typeof ackProblems): AckPage {
  const [status, title, body] = ackProblems[kind];
  return { status, title, body };
}

type Lead = NonNullable<Awaited<ReturnType<typeof pageSummary>>>['lead'];

export function summaryHtml(lead: Lead): string {
  const type = lead.details.skadetype;
  const rows: [string, string][] = [
    ['Skadetype', damageTypeLabels[type as DamageType] ?? type ?? 'Ikke angivet'],
    ['Navn', lead.name],
    ['Adresse', lead.details.adresse ?? 'Ikke angivet'],
    ['Modtaget', formatDanishDateTime(lead.createdAt)],
  ];
  const call = lead.phone
    ? `<a class="call" href="tel:${escapeHtml(lead.phone)}">Ring til ${escapeHtml(lead.name)}: ${escapeHtml(formatPhone(lead.phone))}</a>`
    : '';
  return `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>${call}`;
}

/** The page before anyone took it: the summary and the one button. */
export function ackFormPage(
  lead: Lead,
  takenBy: { userId: string; name: string; at: Date } | null,
  viewer: { userId: string; formAction: string; formToken: string },
): AckPage {
  const title = `AKUT ${lead.reference}`;
  const action = takenBy
    ? `<p class="note">${takenBy.userId === viewer.userId ? 'Du har taget den' : `Taget af ${escapeHtml(takenBy.name)}`} kl. ${formatClock(takenBy.at)}.</p>`
    : `<form method="post" action="${escapeHtml(viewer.formAction)}">
<input type="hidden" name="formToken" value="${escapeHtml(viewer.formToken)}">
<button type="submit">Jeg tager den</button>
</form>`;
  return { status: 200, title, body: `<h1>${escapeHtml(title)}</h1>${summaryHtml(lead)}${action}` };
}

/** After the button: taken by this person now. */
export function takenPage(reference: string, lead: Lead | null): AckPage {
  return {
    status: 200,
    title: `Du har taget ${reference}`,
    body: `<h1>Du har taget ${escapeHtml(reference)}</h1><p class="note">De andre på vagt får besked. Ring til kunden nu.</p>${lead ? summaryHtml(lead) : ''}`,
  };
}

/** After the button: somebody, this person or another, had taken it already. */
export function alreadyTakenPage(
  result: { reference: string; self: boolean; byName: string; at: Date },
  lead: Lead | null,
): AckPage {
  const text = result.self
    ? `Du har allerede taget ${escapeHtml(result.reference)} (kl. ${formatClock(result.at)}).`
    : `${escapeHtml(result.reference)} er allerede taget af ${escapeHtml(result.byName)} kl. ${formatClock(result.at)}.`;
  return {
    status: result.self ? 200 : 409,
    title: 'Allerede taget',
    body: `<h1>Allerede taget</h1><p class="note">${text}</p>${lead ? summaryHtml(lead) : ''}`,
  };
}
