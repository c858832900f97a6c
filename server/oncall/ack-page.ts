/**
 * The acknowledgement page an on-call SMS links to, as HTML: a phone at night, no scripts, one
 * inline style (allowed by its hash in the page's own CSP), and the Danish words it shows.
 */
import { company } from '../../domain/company.ts';
import { damageTypeLabels, type DamageType } from '../../domain/enums.ts';
import { formatPhone } from '../../domain/phone.ts';
import { styleOnlyPagePolicy } from '../plugins/security-headers.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import type { pageSummary } from './acknowledge.ts';
import { formatClock } from '../../domain/zoned-time.ts';

export interface AckPage {
  status: number;
  title: string;
  /** HTML of the page's main content, already escaped. */
  body: string;
}

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.5;color:#111;background:#fff;max-width:32rem}
h1{font-size:1.4rem;margin:.2rem 0 1rem}dl{margin:0 0 1.2rem}dt{font-weight:600;margin-top:.6rem}dd{margin:0}
.call,button{display:block;box-sizing:border-box;width:100%;padding:1rem;font-size:1.2rem;border-radius:.5rem;text-align:center;text-decoration:none;margin:.8rem 0}
.call{background:#0a5c2b;color:#fff}button{background:#b00020;color:#fff;border:0;font-weight:700}
.note{padding:.8rem;border-radius:.5rem;background:#f2f2f2}a:focus,button:focus{outline:3px solid #1a4fd8;outline-offset:2px}`;

export function ackPagePolicy(publicUrl: string): string {
  return styleOnlyPagePolicy(style, publicUrl);
}

export function ackPageHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} – ${escapeHtml(company.name)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

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

function summaryHtml(lead: Lead): string {
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
