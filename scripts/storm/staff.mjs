/**
 * The storm's staff on call: each person reads the SMS that reach their phone at the fake gateway,
 * opens every link in them at once (from their own client address), notes which emergencies the
 * text and the page name, and, when not busy with one, takes the most urgent emergency they hold a
 * page for (kritisk, then høj, then normal; the oldest first) by posting that page's form as a
 * phone does. A queue page opened from an SMS is read to its end, "Næste 100" after "Næste 100",
 * as a person scrolls the list; an emergency counts as named on a phone only when a page that was
 * loaded lists it. A taken emergency keeps its person busy for the handling time. The latest page
 * that reloads itself (the queue page's meta refresh) stays open and is read again as often as it
 * says, busy or not, as the phone left on the table does: that reload is its first page only.
 */
import { postForm } from '../oncall-rig.mjs';
import { linksInSms, pageLinkOf, readPage, referencesIn, refreshSecondsOf } from './pages.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const priorityRank = { kritisk: 0, hoej: 1, normal: 2 };
/** A person reads at most this many pages of the list in one go (100 rows each). */
const maxListPages = 30;

/** 'GET /vagt/liste/…' for a request on the server: its path with tokens left out. */
export function route(method, url) {
  const parts = new URL(url).pathname.split('/').slice(1);
  const words = [];
  for (const part of parts) {
    if (!/^[a-z-]{1,20}$/.test(part)) {
      words.push('…');
      break;
    }
    words.push(part);
  }
  return `${method} /${words.join('/')}`;
}

/**
 * @param {{
 *   tally: ReturnType<typeof import('./http-tally.mjs').createTally>,
 *   gateway: { received: { to: string; text: string; at: number }[] },
 *   people: { name: string; phone: string; ip: string }[],
 *   serverUrl: string,
 *   publicOrigin: string,
 *   handleMs: number,
 *   emergencyOf: (reference: string) => { priority: string; acceptedAt: number } | undefined,
 * }} options
 */
export function createStaff({ tally, gateway, people, serverUrl, publicOrigin, handleMs, emergencyOf }) {
  /** Where and when each reference first reached a phone: in an SMS text, or on a page opened from one. */
  const seen = new Map();
  /** @type {Map<string, { by: string; at: number }>} */
  const taken = new Map();
  /** Taken by someone else or gone, as the server answered. */
  const gone = new Set();
  const stats = { unknownRecipient: 0, foreignLinks: 0 };
  const staff = people.map((person) => ({
    ...person,
    /** @type {{ text: string; at: number }[]} */
    inbox: [],
    /** reference → what this person can take it with */
    offers: new Map(),
    busyUntil: 0,
    pauseUntil: 0,
    /** @type {{ link: string; everyMs: number; nextAt: number } | undefined} the page left open */
    openPage: undefined,
    opened: 0,
    refreshes: 0,
    refused: 0,
    takes: 0,
    /** @type {number | undefined} when this person first took one (Date.now()) */
    firstTakeAt: undefined,
    conflicts: 0,
  }));
  const byPhone = new Map(staff.map((person) => [person.phone, person]));

  function note(reference, at, via) {
    const before = seen.get(reference);
    if (!before || at < before.at) seen.set(reference, { at, via });
  }

  /** A URL of the site (public origin) → the same on the server's loopback address. */
  function local(url) {
    const parsed = new URL(url);
    return `${serverUrl}${parsed.pathname}${parsed.search}`;
  }

  /**
   * Opens a page (or reloads the one left open: `via` 'refresh'), notes what it lists and keeps
   * what it offers; what it offers, or null. A page that reloads itself becomes the one left open.
   * A page opened from an SMS (`whole`) is read to the end of its list by its "Næste" links.
   */
  async function open(person, link, via = 'page', whole = via === 'page') {
    const headers = { 'x-forwarded-for': person.ip, 'user-agent': 'storm (phone)' };
    const answer = await tally.call(route('GET', link), local(link), { headers });
    const at = Date.now();
    if (!answer) return null;
    // The SMS's short link (/v/…) leads to the signed page it stands for.
    const location = answer.status === 303 ? answer.headers.get('location') : null;
    if (location) return open(person, new URL(location, link).href, via, whole);
    person.opened++;
    if (answer.status === 429) person.refused++;
    if (answer.status !== 200) return null;
    const page = readPage(answer.text, link);
    const refreshSeconds = refreshSecondsOf(answer.text);
    if (refreshSeconds !== undefined)
      person.openPage = { link, everyMs: refreshSeconds * 1000, nextAt: at + refreshSeconds * 1000 };
    for (const reference of page.references) note(reference, at, via);
    for (const form of page.forms) person.offers.set(form.reference, { form, link, at });
    for (const { reference, url } of page.links) {
      if (!person.offers.get(reference)?.form) person.offers.set(reference, { link: url, at });
    }
    if (whole) {
      let next = pageLinkOf(answer.text, 'next', link);
      for (let pages = 1; next && pages < maxListPages; pages++) {
        const more = await open(person, next, via, false);
        next = more?.next;
      }
    }
    // A busy person turns on the list's own reload (it is offered, never imposed) and keeps it open.
    const auto = /href="([^"]+\?auto=1)"/.exec(answer.text)?.[1];
    if (whole && refreshSeconds === undefined && auto && !person.openPage)
      await open(person, new URL(auto, link).href, via, false);
    return { ...page, next: pageLinkOf(answer.text, 'next', link) };
  }

  async function readSms(person, sms) {
    const named = referencesIn(sms.text);
    // A page already held, or an emergency already taken, needs no second look.
    if (
      named.length > 0 &&
      named.every((ref) => taken.has(ref) || gone.has(ref) || person.offers.get(ref)?.form)
    )
      return;
    for (const link of linksInSms(sms.text)) {
      if (new URL(link).origin !== publicOrigin) stats.foreignLinks++;
      else await open(person, link);
    }
  }

  function mostUrgent(person) {
    let best;
    for (const reference of person.offers.keys()) {
      if (taken.has(reference) || gone.has(reference)) {
        person.offers.delete(reference);
        continue;
      }
      const emergency = emergencyOf(reference);
      const key = [priorityRank[emergency?.priority ?? 'normal'] ?? 2, emergency?.acceptedAt ?? Infinity];
      if (!best || key[0] < best.key[0] || (key[0] === best.key[0] && key[1] < best.key[1]))
        best = { reference, key };
    }
    return best?.reference;
  }

  async function take(person, reference) {
    const offer = person.offers.get(reference);
    if (!offer.form) {
      const page = await open(person, offer.link);
      if (!page?.forms.some((form) => form.reference === reference)) {
        // The page has no button for it (taken meanwhile, or a link to something else).
        person.offers.delete(reference);
        if (page?.references.includes(reference)) gone.add(reference);
      }
      return;
    }
    const answer = await postForm(local(offer.form.action), offer.form.fields, {
      origin: publicOrigin,
      headers: { 'x-forwarded-for': person.ip, 'user-agent': 'storm (phone)' },
    }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      () => null,
    );
    tally.record(route('POST', offer.form.action), answer?.status ?? 'no answer');
    const at = Date.now();
    if (!answer) return;
    if (answer.status >= 200 && answer.status < 400) {
      taken.set(reference, { by: person.name, at });
      person.takes++;
      person.firstTakeAt ??= at;
      person.busyUntil = at + handleMs;
      person.offers.delete(reference);
    } else if (answer.status === 409 || answer.status === 404 || answer.status === 410) {
      gone.add(reference);
      person.conflicts++;
      person.offers.delete(reference);
    } else if (answer.status === 429) {
      person.refused++;
      person.pauseUntil = at + 5_000;
    } else if (offer.link && offer.link !== offer.form.action && Date.now() - offer.at > 1_000) {
      // A stale form (its token expired): open its page again for a fresh one.
      person.offers.set(reference, { link: offer.link, at });
    } else person.offers.delete(reference);
  }

  async function work(person, state) {
    while (!state.stop) {
      if (person.openPage && Date.now() >= person.openPage.nextAt) {
        const kept = person.openPage;
        person.refreshes++;
        // The browser reloads on its timer whatever the answer; a failed load ends the refresh.
        kept.nextAt = Date.now() + kept.everyMs;
        const page = await open(person, kept.link, 'refresh');
        if (!page && person.openPage === kept) person.openPage = undefined;
        continue;
      }
      const sms = person.inbox.shift();
      if (sms) {
        await readSms(person, sms);
        continue;
      }
      const now = Date.now();
      if (now >= person.busyUntil && now >= person.pauseUntil) {
        const reference = mostUrgent(person);
        if (reference) {
          await take(person, reference);
          continue;
        }
      }
      await sleep(100);
    }
  }

  /** Hands each SMS the gateway accepted to its recipient, until `state.stop`. */
  async function deliver(state) {
    let next = 0;
    while (!state.stop) {
      for (; next < gateway.received.length; next++) {
        const sms = gateway.received[next];
        for (const reference of referencesIn(sms.text)) note(reference, sms.at, 'sms');
        const person = byPhone.get(sms.to);
        if (person) person.inbox.push(sms);
        else stats.unknownRecipient++;
      }
      await sleep(50);
    }
  }

  /** Runs every person and the delivery until `state.stop`. */
  function run(state) {
    return Promise.all([deliver(state), ...staff.map((person) => work(person, state))]);
  }

  return { staff, seen, taken, gone, stats, run };
}
