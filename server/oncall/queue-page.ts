/**
 * The on-call queue page a digest SMS links to (`/vagt/liste/<token>`): every open emergency
 * nobody has taken, critical first then oldest first, each with a tap-to-call link and its own
 * "Jeg tager den" form; below, what was taken in the last hours and by whom. Server-rendered for a
 * phone at night: no scripts, the acknowledgement page's one hashed style (ack-page.ts, which also
 * holds the copy); it reloads itself every 30 seconds (a meta refresh) and says when it was loaded.
 */
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { damageTypeLabels, type DamageType } from '../../domain/enums.ts';
import { formatPhone } from '../../domain/phone.ts';
import { leadPriorityLabels } from '../../domain/triage.ts';
import { formatClock, timeZone } from '../../domain/zoned-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { leads, oncallPages, users } from '../db/schema.ts';
import { escapeHtml } from '../mail/html.ts';
import { queuePageCopy as copy, type AckPage } from './ack-page.ts';
import { isPossibleSpam } from './dispatch.ts';
import { displayName } from './rota-store.ts';

/** How far back the page shows who took what. */
export const queueTakenHours = 12;
/** At most this many open emergencies on the page (a phone scrolls, it does not page). */
const maxOpen = 200;
/**
 * The page reloads itself this often (a meta refresh: no script), so the phone left open on a busy
 * evening shows what came in without a tap.
 */
export const queueRefreshSeconds = 30;
/** '21.14.05': to the second, so a page that stopped refreshing (no network) shows it. */
const updatedFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface QueueItem {
  id: string;
  reference: string;
  priority: (typeof leads.$inferSelect)['priority'];
  damageType: string | undefined;
  address: string | undefined;
  phone: string | null;
  createdAt: Date;
  possibleSpam: boolean;
}

export interface QueueTaken {
  reference: string;
  byName: string;
  at: Date;
}

/** The open emergencies nobody took (critical first, then oldest) and those taken lately. */
export async function loadQueue(db: DbOrTx, now: Date): Promise<{ open: QueueItem[]; taken: QueueTaken[] }> {
  const openRows = await db
    .select({ lead: leads })
    .from(oncallPages)
    .innerJoin(leads, eq(leads.id, oncallPages.leadId))
    .where(and(ne(oncallPages.status, 'acknowledged'), inArray(leads.status, ['new', 'in-progress'])))
    .orderBy(desc(sql`${leads.priority} = 'kritisk'`), asc(leads.createdAt), asc(leads.id))
    .limit(maxOpen);
  const takenRows = await db
    .select({
      reference: leads.reference,
      at: oncallPages.acknowledgedAt,
      name: users.name,
      email: users.email,
    })
    .from(oncallPages)
    .innerJoin(leads, eq(leads.id, oncallPages.leadId))
    .leftJoin(users, eq(users.id, oncallPages.acknowledgedBy))
    .where(
      and(
        eq(oncallPages.status, 'acknowledged'),
        gt(oncallPages.acknowledgedAt, new Date(now.getTime() - queueTakenHours * 3_600_000)),
      ),
    )
    .orderBy(desc(oncallPages.acknowledgedAt))
    .limit(maxOpen);
  return {
    open: openRows.map(({ lead }) => ({
      id: lead.id,
      reference: lead.reference,
      priority: lead.priority,
      damageType: lead.details.skadetype,
      address: lead.details.adresse,
      phone: lead.phone,
      createdAt: lead.createdAt,
      possibleSpam: isPossibleSpam(lead),
    })),
    taken: takenRows.map((row) => ({
      reference: row.reference,
      byName: row.email ? displayName({ name: row.name, email: row.email }) : 'en kollega',
      at: row.at!,
    })),
  };
}

/** '8000 Aarhus C' from 'Vestergade 12, 1. th, 8000 Aarhus C' (the postcode and what follows). */
export function townOf(address: string | undefined): string {
  const match = /\b(\d{4})\s+([^,\d][^,]*)\s*$/.exec(address?.trim() ?? '');
  return match ? `${match[1]} ${match[2]!.trim()}` : copy.unknownAddress;
}

/** '6 min', '2 t 5 min'. */
export function ageText(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} t ${minutes % 60} min`;
}

function itemHtml(item: QueueItem, now: Date, form: { action: string; formToken: string }): string {
  const id = `sk-${escapeHtml(item.id)}`;
  const damage = damageTypeLabels[item.damageType as DamageType] ?? item.damageType ?? 'Ikke angivet';
  const priority =
    item.priority === 'kritisk'
      ? `<span class="tag">${copy.critical}</span>`
      : escapeHtml(leadPriorityLabels[item.priority]);
  const spam = item.possibleSpam ? ` <span class="spam">(${copy.possibleSpam})</span>` : '';
  const call = item.phone
    ? `<a class="call" href="tel:${escapeHtml(item.phone)}">${escapeHtml(copy.call(formatPhone(item.phone)))}</a>`
    : `<p class="meta">${copy.noPhone}</p>`;
  return `<li class="item${item.priority === 'kritisk' ? ' kritisk' : ''}">
<h2 id="${id}">${escapeHtml(item.reference)}${spam}</h2>
<p class="meta">${priority} · ${escapeHtml(damage)} · ${escapeHtml(townOf(item.address))}</p>
<p class="meta">${escapeHtml(copy.received(ageText(item.createdAt, now)))}</p>
${call}<form method="post" action="${escapeHtml(form.action)}">
<input type="hidden" name="lead" value="${escapeHtml(item.id)}">
<input type="hidden" name="formToken" value="${escapeHtml(form.formToken)}">
<button type="submit" aria-describedby="${id}">${copy.take}</button>
</form></li>`;
}

/**
 * The list reloads itself only when the person asked for it (a reload the reader did not choose
 * fails WCAG 2.2.1, and moves rows under a thumb): by default a link reloads it, and a second link
 * turns on the reload every 30 seconds, with a link to turn it off again.
 */
function refreshControls(listPath: string, auto: boolean, clock: string): string {
  const path = escapeHtml(listPath);
  const links = auto
    ? `${copy.autoRunning} <a href="${path}">${copy.autoOff}</a>`
    : `<a href="${path}">${copy.refresh}</a> · <a href="${path}?auto=1">${copy.autoOn}</a>`;
  return `<p class="meta">${escapeHtml(copy.updated(clock))} ${links}</p>`;
}

export function queuePage(
  queue: { open: QueueItem[]; taken: QueueTaken[] },
  now: Date,
  form: { action: string; formToken: string },
  auto = false,
): AckPage {
  const open =
    queue.open.length === 0
      ? `<p class="note">${copy.none}</p>`
      : `<ol>${queue.open.map((item) => itemHtml(item, now, form)).join('\n')}</ol>`;
  const taken =
    queue.taken.length === 0
      ? `<p>${copy.takenNone}</p>`
      : `<ul>${queue.taken
          .map(
            (row) =>
              `<li class="done">${escapeHtml(copy.takenBy(row.reference, row.byName, formatClock(row.at)))}</li>`,
          )
          .join('')}</ul>`;
  return {
    status: 200,
    title: copy.title,
    body: `<h1>${copy.title} (${queue.open.length})</h1>${refreshControls(form.action, auto, updatedFormat.format(now))}<p>${copy.intro}</p>${open}<h2>${escapeHtml(copy.takenHeading(queueTakenHours))}</h2>${taken}`,
    ...(auto ? { refreshSeconds: queueRefreshSeconds } : {}),
  };
}

/** After "Jeg tager den" on the list: the answer page gets a way back to the list. */
export function withBackLink(page: AckPage, listUrl: string): AckPage {
  return { ...page, body: `${page.body}<a class="back" href="${escapeHtml(listUrl)}">${copy.back}</a>` };
}
