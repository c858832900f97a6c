/**
 * The on-call queue page a digest SMS links to (`/vagt/liste/<token>`): every open emergency
 * nobody has taken, 100 at a time (server/oncall/phone-pages/queue-list.ts: critical first then oldest, or
 * the newest first), each with a tap-to-call link and its own "Jeg tager den" form, the total, and
 * "Forrige"/"Næste" links that keep the token; below, what was taken in the last hours and by
 * whom. Server-rendered for a phone at night: no scripts, the acknowledgement page's one hashed
 * style (ack-page.ts, which also holds the copy); it says when it was loaded and reloads itself
 * every 30 seconds when the person asks for it (a meta refresh).
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { damageTypeLabels, type DamageType } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/phone.ts';
import { leadPriorityLabels } from '../../../domain/triage.ts';
import { formatClock, timeZone } from '../../../domain/zoned-time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads, oncallPages, users } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/html.ts';
import { queuePageCopy as copy, type AckPage } from './ack-page.ts';
import {
  loadOpenPage,
  queuePageSize,
  viewQuery,
  type OpenPage,
  type QueueItem,
  type QueueView,
} from './queue-list.ts';
import { displayName } from '../rota/rota-store.ts';

/** How far back the page shows who took what. */
export const queueTakenHours = 12;
/** At most this many rows of what was taken lately. */
const maxTaken = 200;
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

export interface QueueTaken {
  leadId: string;
  /** Who took it. */
  byUserId: string | null;
  reference: string;
  byName: string;
  at: Date;
}

export interface Queue {
  open: OpenPage;
  taken: QueueTaken[];
}

/** One page of the open emergencies nobody took, in the view's order, and those taken lately. */
export async function loadQueue(db: DbOrTx, now: Date, view: QueueView): Promise<Queue> {
  const open = await loadOpenPage(db, view);
  const takenRows = await db
    .select({
      leadId: leads.id,
      byUserId: oncallPages.acknowledgedBy,
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
    .limit(maxTaken);
  return {
    open,
    taken: takenRows.map((row) => ({
      leadId: row.leadId,
      byUserId: row.byUserId,
      reference: row.reference,
      byName: row.email ? displayName({ name: row.name, email: row.email }) : 'en kollega',
      at: row.at!,
    })),
  };
}

/** '8000 Aarhus C' from 'Vestergade 12, 1. th, 8000 Aarhus C' (the postcode and what follows). */
export function townOf(address: string | undefined): string {
  // Words, not a pattern with two open-ended runs: the address is the customer's own text.
  const words = (address ?? '').split(',').at(-1)!.trim().split(/\s+/);
  const postcode = words.findLastIndex(
    (word, index) => /^\d{4}$/.test(word) && index + 1 < words.length && !/^\d/.test(words[index + 1]!),
  );
  return postcode < 0 ? copy.unknownAddress : words.slice(postcode).join(' ');
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
 * turns on the reload every 30 seconds, with a link to turn it off again. Both keep the part of
 * the list in view.
 */
function refreshControls(listPath: string, view: QueueView, auto: boolean, clock: string): string {
  const here = escapeHtml(`${listPath}${viewQuery(view)}`);
  const links = auto
    ? `${copy.autoRunning} <a href="${here}">${copy.autoOff}</a>`
    : `<a href="${here}">${copy.refresh}</a> · <a href="${escapeHtml(`${listPath}${viewQuery(view, true)}`)}">${copy.autoOn}</a>`;
  return `<p class="meta">${escapeHtml(copy.updated(clock))} ${links}</p>`;
}

/** "250 åbne – kritiske først. Viser 101–200." and the switch to the other order. */
function summary(listPath: string, view: QueueView, open: OpenPage): string {
  const other: QueueView = { order: view.order === 'kritisk' ? 'nyeste' : 'kritisk' };
  const shown =
    open.items.length > 0 ? ` ${copy.showing(open.preceding + 1, open.preceding + open.items.length)}` : '';
  return `<p><strong>${escapeHtml(copy.total(open.total, view.order))}.</strong>${escapeHtml(shown)} <a href="${escapeHtml(`${listPath}${viewQuery(other)}`)}">${copy.switchTo[other.order]}</a></p>`;
}

/** "Forrige 100" and "Næste 100": plain links to the rows before the first and after the last shown. */
function pageLinks(listPath: string, view: QueueView, open: OpenPage): string {
  const first = open.items[0]?.cursor ?? view.after;
  const last = open.items.at(-1)?.cursor;
  const following = open.total - open.preceding - open.items.length;
  const links: string[] = [];
  if (open.preceding > 0 && first) {
    const href = `${listPath}${viewQuery({ order: view.order, before: first })}`;
    links.push(
      `<a rel="prev" href="${escapeHtml(href)}">${copy.previous(Math.min(queuePageSize, open.preceding))}</a>`,
    );
  }
  if (following > 0 && last) {
    const href = `${listPath}${viewQuery({ order: view.order, after: last })}`;
    links.push(
      `<a rel="next" href="${escapeHtml(href)}">${copy.next(Math.min(queuePageSize, following))}</a>`,
    );
  }
  return links.length === 0
    ? ''
    : `<nav class="pages" aria-label="${copy.pagesLabel}">${links.join(' ')}</nav>`;
}

export function queuePage(
  queue: Queue,
  now: Date,
  form: {
    action: string;
    formToken: string;
    /** The taken page of a row this person took (their own link), or undefined for another's. */
    takenLink?: (row: QueueTaken) => string | undefined;
  },
  auto = false,
  view: QueueView = { order: 'kritisk' },
): AckPage {
  const { open: openPart } = queue;
  const listPath = form.action;
  const open =
    openPart.items.length > 0
      ? `<ol>${openPart.items.map((item) => itemHtml(item, now, form)).join('\n')}</ol>`
      : openPart.total === 0
        ? `<p class="note">${copy.none}</p>`
        : `<p class="note">${copy.noneHere} <a href="${escapeHtml(`${listPath}${viewQuery({ order: view.order })}`)}">${copy.toStart}</a></p>`;
  const taken =
    queue.taken.length === 0
      ? `<p>${copy.takenNone}</p>`
      : `<ul>${queue.taken
          .map((row) => {
            const text = escapeHtml(copy.takenBy(row.reference, row.byName, formatClock(row.at)));
            const href = form.takenLink?.(row);
            return `<li class="done">${href ? `<a href="${escapeHtml(href)}">${text}</a>` : text}</li>`;
          })
          .join('')}</ul>`;
  return {
    status: 200,
    title: copy.title,
    body: `<h1>${copy.title} (${openPart.total})</h1>${refreshControls(listPath, view, auto, updatedFormat.format(now))}<p>${copy.intro[view.order]}</p>${summary(listPath, view, openPart)}${open}${pageLinks(listPath, view, openPart)}<h2>${escapeHtml(copy.takenHeading(queueTakenHours))}</h2>${taken}`,
    ...(auto ? { refreshSeconds: queueRefreshSeconds } : {}),
  };
}

/** A link to a part of the list this server never wrote (a cursor that is not ours). */
export function badCursorPage(listPath: string): AckPage {
  return {
    status: 400,
    title: copy.badCursorTitle,
    body: `<h1>${copy.badCursorTitle}</h1><p>${copy.badCursor}</p><a class="back" href="${escapeHtml(listPath)}">${copy.toStart}</a>`,
  };
}

/** After "Jeg tager den" on the list: the answer page gets a way back to the list. */
export function withBackLink(page: AckPage, listUrl: string): AckPage {
  return { ...page, body: `${page.body}<a class="back" href="${escapeHtml(listUrl)}">${copy.back}</a>` };
}
