/**
 * How the storm's simulated staff read what reaches their phone, knowing nothing of the server's
 * pages beyond HTML: the links in an SMS, the references (SK-…) a page lists, and what on a page
 * can take an emergency: a POST form (with its hidden fields, the form token among them) or a link
 * to a page of one emergency. Works for the page of one emergency (/vagt/<token>, one form) and
 * for a queue page listing many, each with its own form or link.
 */

const referencePattern = /\bSK-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}\b/g;

/** Every reference in `text`, once each, in order of first appearance. */
export function referencesIn(text) {
  return [...new Set(text.match(referencePattern) ?? [])];
}

/** The http(s) URLs in an SMS text (sentence punctuation after a link is not part of it). */
export function linksInSms(text) {
  return (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
}

/** The delay of a page's own reload (`<meta http-equiv="refresh" content="30">`), in seconds. */
export function refreshSecondsOf(html) {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if ((attribute(tag, 'http-equiv') ?? '').toLowerCase() !== 'refresh') continue;
    const delay = /^\s*(\d+(?:\.\d+)?)\s*(?:[;,]|$)/.exec(attribute(tag, 'content') ?? '');
    // A refresh that goes elsewhere is a redirect, not a reload of this page.
    if (delay && !/url\s*=/i.test(attribute(tag, 'content') ?? '')) return Number(delay[1]);
  }
  return undefined;
}

/**
 * The page a `rel="next"` (or `rel="prev"`) link leads to: the queue page's "Næste 100", which a
 * person follows to scroll through the whole list. Undefined when there is none.
 */
export function pageLinkOf(html, rel, pageUrl) {
  for (const [tag] of html.matchAll(/<a\b[^>]*>/gi)) {
    const rels = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(tag, 'href');
    if (rels.includes(rel) && href) return new URL(href, pageUrl).href;
  }
  return undefined;
}

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text) {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (_, dec, hex, name) =>
    dec
      ? String.fromCodePoint(Number(dec))
      : hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : entities[name.toLowerCase()],
  );
}

function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** The fields a form sends when its (first) submit button is pressed. */
function formFields(body) {
  /** @type {Record<string, string>} */
  const fields = {};
  for (const [input] of body.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    const type = (attribute(input, 'type') ?? 'text').toLowerCase();
    if (!name || ['submit', 'button', 'image', 'reset', 'file'].includes(type)) continue;
    if ((type === 'checkbox' || type === 'radio') && !/\schecked\b/i.test(input)) continue;
    fields[name] = attribute(input, 'value') ?? '';
  }
  const button = /<button\b[^>]*>/i.exec(body)?.[0];
  const buttonName = button ? attribute(button, 'name') : undefined;
  if (button && buttonName) fields[buttonName] = attribute(button, 'value') ?? '';
  return fields;
}

/**
 * The one reference an element stands for: the only one inside it, else the last one written
 * between the element before it and its own start (a list row: "SK-… Vandskade … [Tag den]"),
 * else the page's only reference.
 */
function referenceFor(inside, before, pageReferences) {
  const own = referencesIn(inside);
  if (own.length === 1) return own[0];
  if (own.length > 1) return undefined;
  const preceding = referencesIn(before);
  if (preceding.length > 0) return preceding.at(-1);
  return pageReferences.length === 1 ? pageReferences[0] : undefined;
}

/**
 * What a page offers.
 *
 * @param {string} html
 * @param {string} pageUrl the page's own URL (forms without an action post to it)
 * @returns {{ references: string[]; forms: { reference: string; action: string; fields: Record<string, string> }[]; links: { reference: string; url: string }[] }}
 */
export function readPage(html, pageUrl) {
  const references = referencesIn(html.replace(/<[^>]*>/g, ' '));
  const origin = new URL(pageUrl).origin;
  const own = new URL(pageUrl);
  own.hash = '';
  const elements = [
    ...[...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((m) => ({ kind: 'form', m })),
    ...[...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].map((m) => ({ kind: 'link', m })),
  ].sort((a, b) => (a.m.index ?? 0) - (b.m.index ?? 0));
  /** @type {{ reference: string; action: string; fields: Record<string, string> }[]} */
  const forms = [];
  /** @type {{ reference: string; url: string }[]} */
  const links = [];
  let previousEnd = 0;
  for (const { kind, m } of elements) {
    const start = m.index ?? 0;
    if (start < previousEnd) continue;
    const [whole, attributes, inside] = m;
    const tag = `<x${attributes}>`;
    /** Where the element takes its emergency to: a form's action or a link's target. */
    let target;
    if (kind === 'form') {
      if ((attribute(tag, 'method') ?? 'get').toLowerCase() !== 'post') continue;
      target = new URL(attribute(tag, 'action') || pageUrl, pageUrl);
    } else {
      const href = attribute(tag, 'href');
      if (!href || /^(?:tel|mailto|sms):/i.test(href) || href.startsWith('#')) continue;
      target = new URL(href, pageUrl);
      target.hash = '';
      // The same page in another view ("Næste 100", "Vis nyeste først", its reload) is no emergency.
      if (target.origin === own.origin && target.pathname === own.pathname) continue;
    }
    if (target.origin !== origin) continue;
    const before = html.slice(previousEnd, start).replace(/<[^>]*>/g, ' ');
    const reference = referenceFor(inside.replace(/<[^>]*>/g, ' '), before, references);
    if (!reference) continue;
    // Call links and other elements that take nothing leave the row's text to the next one.
    previousEnd = start + whole.length;
    if (kind === 'form') forms.push({ reference, action: target.href, fields: formFields(inside) });
    else links.push({ reference, url: target.href });
  }
  return { references, forms, links };
}
