/**
 * The loss adjuster's page as HTML, rendered by the server at request time: no scripts at all, one
 * inline style allowed by its hash in the page's own Content-Security-Policy, images only from this
 * site (the photos come through the page's own token-scoped route), and a message form that is
 * plain HTML. One column at 390 px; the tables scroll sideways inside their section if they must.
 */
import { clockLabels, isOverdue, type CaseDeadline } from '../../../domain/case-clocks.ts';
import { company } from '../../../domain/company.ts';
import { dryingCurves } from '../../../domain/drying-curve.ts';
import { curveSvg } from '../../../domain/drying-curve-drawing.ts';
import { milestoneLabels } from '../../../domain/milestones.ts';
import { moistureUnitLabels } from '../../../domain/moisture.ts';
import { formatPhone } from '../../../domain/phone.ts';
import { escapeHtml, formatDanishDateTime } from '../../mail/html.ts';
import {
  satisfactionSectionHtml,
  satisfactionStyle,
  type SatisfactionPageState,
} from '../../case/satisfaction-page.ts';
import { styleOnlyPagePolicy } from '../../plugins/security-headers.ts';
import { noReferrer, styleOnlyPageStart } from '../../plugins/style-only-page.ts';
import type { AdjusterMilestone, AdjusterReading, AdjusterView } from './adjuster-view.ts';
import { adjusterMessageMaxChars } from './adjuster-thread.ts';
import { adjusterPageText as t } from './copy.ts';

const style = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1.0625rem;line-height:1.55;color:#0f172a;background:#f1f5f9}
a{color:#0d6560}a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #0f9e91;outline-offset:2px}
.top{background:#0f514e;color:#fff}.top div{max-width:60rem;margin:0 auto;padding:.5rem 1rem;display:flex;align-items:center;justify-content:space-between;gap:.5rem}
.brand{color:#fff;font-weight:700;font-size:1.1rem;text-decoration:none;padding:.6rem 0;min-height:44px;display:inline-flex;align-items:center}.top .tel{color:#fff;font-weight:600;font-size:.95rem;white-space:nowrap;padding:.6rem 0;min-height:44px;display:inline-flex;align-items:center}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.55rem;line-height:1.25;margin:.5rem 0}h2{font-size:1.2rem;margin:0 0 .6rem}h3{font-size:1.05rem;margin:1rem 0 .4rem}
section{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1rem;border:1px solid #e2e8f0;min-width:0}
.lead{margin:0 0 1rem;color:#334155}.hint{color:#475569;font-size:.95rem;margin:0 0 .6rem}
.ok,.err{border-radius:.5rem;padding:.8rem 1rem;margin:0 0 1rem;font-weight:600}.ok{background:#effcfa;border:2px solid #0b7f76;color:#0f514e}.err{background:#fef2f2;border:2px solid #b91c1c;color:#7f1d1d}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem}dt{font-weight:600;color:#334155}dd{margin:0;overflow-wrap:anywhere}
ol.ms{list-style:none;margin:0;padding:0}ol.ms li{border-left:4px solid #0b7f76;padding:.1rem 0 .1rem .8rem;margin:0 0 .8rem}.when{display:block;color:#334155}
.scroll{overflow-x:auto}svg{display:block;max-width:100%;height:auto;margin:0 0 .5rem}table{border-collapse:collapse;width:100%;font-size:.95rem}caption{text-align:left;font-weight:600;padding:0 0 .3rem}th,td{text-align:left;padding:.4rem .6rem .4rem 0;border-bottom:1px solid #e2e8f0;vertical-align:top}td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
.missed{color:#991b1b;font-weight:700}.met{color:#0f514e}
ul.photos{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(8rem,1fr));gap:.5rem}ul.photos a{display:block;min-height:44px}ul.photos img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:.4rem;background:#e2e8f0}
ol.msgs{list-style:none;margin:0;padding:0}ol.msgs li{border-left:4px solid #0b7f76;padding:.1rem 0 .1rem .8rem;margin:0 0 1rem}ol.msgs li.you{border-left-color:#64748b}.msg-h{margin:0;color:#475569;font-size:.95rem}.msg{margin:.2rem 0 0;white-space:pre-line;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:0 0 .35rem}
textarea{display:block;width:100%;min-height:8rem;padding:.7rem;border:2px solid #64748b;border-radius:.5rem;font:inherit}
${satisfactionStyle}
button{display:block;width:100%;max-width:20rem;min-height:48px;margin:.8rem 0 0;padding:.8rem 1rem;border:0;border-radius:.5rem;background:#0d6560;color:#fff;font:inherit;font-weight:700;cursor:pointer}
footer{max-width:60rem;margin:0 auto;padding:0 1rem 2rem;color:#475569;font-size:.95rem}footer p{margin:0 0 .5rem}`;

/** The page's own policy: its one style, images from this site only, forms posting to this site. */
export function adjusterPagePolicy(publicUrl: string): string {
  return `${styleOnlyPagePolicy(style, publicUrl)}; img-src 'self'`;
}

function document(title: string, main: string): string {
  const icon = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
  return `${styleOnlyPageStart({ title, style, head: [noReferrer, icon] })}
<header class="top"><div><a class="brand" href="/">${escapeHtml(company.name)}</a><a class="tel" href="tel:${company.phoneE164}">Tlf. ${escapeHtml(company.phoneDisplay)}</a></div></header>
<main>
${main}
</main>
<footer><p>${escapeHtml(t.privacy)}</p><p>${escapeHtml(company.legalName)} · CVR ${escapeHtml(company.cvr)} · ${escapeHtml(company.email)}</p></footer>
</body>
</html>
`;
}

const time = (date: Date) =>
  `<time datetime="${date.toISOString()}">${escapeHtml(formatDanishDateTime(date))}</time>`;
const section = (id: string, heading: string, body: string) =>
  `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2>${body}</section>`;

function facts(view: AdjusterView): string {
  const rows: [string, string][] = [
    [t.reference, view.reference],
    [t.insurer, view.insurer ?? t.notGiven],
    [t.claimNumber, view.claimNumber ?? t.notGiven],
    [t.policyNumber, view.policyNumber ?? t.notGiven],
    [t.customer, view.customer.name],
  ];
  const phone = view.customer.phone
    ? `<a href="tel:${escapeHtml(view.customer.phone)}">${escapeHtml(formatPhone(view.customer.phone))}</a>`
    : escapeHtml(t.notGiven);
  const cells = rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`);
  cells.push(`<dt>${escapeHtml(t.phone)}</dt><dd>${phone}</dd>`);
  cells.push(`<dt>${escapeHtml(t.address)}</dt><dd>${escapeHtml(view.customer.address ?? t.notGiven)}</dd>`);
  return `<dl>${cells.join('')}</dl>`;
}

/** What a milestone carries beyond its name and time, in words. */
function milestoneDetail(milestone: AdjusterMilestone): string | null {
  const { details } = milestone;
  if (milestone.kind === 'paa-vej' && typeof details.eta === 'string')
    return t.eta(details.eta.replace(':', '.'));
  if (milestone.kind === 'affugtning-startet') {
    const units = Number(details.affugtere);
    const days = Number(details.forventetDage);
    if (Number.isInteger(units) && Number.isInteger(days)) return t.drying(units, days);
  }
  return null;
}

function milestones(view: AdjusterView): string {
  if (view.milestones.length === 0) return `<p>${escapeHtml(t.noMilestones)}</p>`;
  const items = view.milestones.map((milestone) => {
    const detail = milestoneDetail(milestone);
    return `<li><strong>${escapeHtml(milestoneLabels[milestone.kind])}</strong><span class="when">${time(milestone.at)}${detail ? ` · ${escapeHtml(detail)}` : ''}</span></li>`;
  });
  return `<ol class="ms">${items.join('')}</ol>`;
}

function deadlineState(deadline: CaseDeadline, now: Date): string {
  if (deadline.metAt) {
    const at = formatDanishDateTime(deadline.metAt);
    return isOverdue(deadline, now)
      ? `<span class="missed">${escapeHtml(t.metLate(at))}</span>`
      : `<span class="met">${escapeHtml(t.met(at))}</span>`;
  }
  return isOverdue(deadline, now)
    ? `<span class="missed">${escapeHtml(t.missed)}</span>`
    : escapeHtml(t.open);
}

function deadlines(view: AdjusterView, now: Date): string {
  if (view.deadlines.length === 0) return `<p>${escapeHtml(t.noDeadlines)}</p>`;
  const rows = view.deadlines.map(
    (deadline) =>
      `<tr><th scope="row">${escapeHtml(clockLabels[deadline.kind])}</th><td>${time(deadline.dueAt)}</td><td>${deadlineState(deadline, now)}</td></tr>`,
  );
  return `<div class="scroll"><table><thead><tr><th scope="col">${escapeHtml(t.deadline)}</th><th scope="col">${escapeHtml(t.dueAt)}</th><th scope="col">${escapeHtml(t.state)}</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function photos(view: AdjusterView, path: string): string {
  if (view.photoIds.length === 0) return `<p>${escapeHtml(t.noPhotos)}</p>`;
  const total = view.photoIds.length;
  const items = view.photoIds.map((id, index) => {
    const src = `${path}/billeder/${id}`;
    return `<li><a href="${escapeHtml(src)}"><img src="${escapeHtml(src)}" alt="${escapeHtml(t.photoAlt(index + 1, total))}" loading="lazy" width="320" height="240"></a></li>`;
  });
  return `<ul class="photos">${items.join('')}</ul>`;
}

const number = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });
const value = (amount: number, unit: AdjusterReading['unit']) =>
  unit === 'pct'
    ? `${number.format(amount)} ${moistureUnitLabels.pct}`
    : `${number.format(amount)} ${moistureUnitLabels.digits}`;

/** The readings grouped by room and measuring point, in the order they were read. */
function byPoint(readings: readonly AdjusterReading[]): AdjusterReading[][] {
  const groups = new Map<string, AdjusterReading[]>();
  for (const reading of readings) {
    const key = JSON.stringify([reading.room, reading.point]);
    groups.set(key, [...(groups.get(key) ?? []), reading]);
  }
  return [...groups.values()];
}

function dryingLog(view: AdjusterView): string {
  if (view.readings.length === 0) return `<p>${escapeHtml(t.noReadings)}</p>`;
  return byPoint(view.readings)
    .map((readings, pointIndex) => {
      const { room, point } = readings[0]!;
      const rows = readings.map(
        (reading) =>
          `<tr><td>${time(reading.at)}</td><td class="num">${escapeHtml(value(reading.value, reading.unit))}</td><td>${escapeHtml(reading.method ?? '')}</td><td>${escapeHtml(reading.material ?? '')}</td><td class="num">${reading.target === null ? '' : escapeHtml(value(reading.target, reading.unit))}</td></tr>`,
      );
      // The drying curve of this point, one per unit (scales are never mixed), drawn from the same
      // readings; the table below is complete on its own and is what a screen reader reads.
      const curve = dryingCurves(readings)
        .map((each) => curveSvg(each, { id: `curve-${pointIndex}-${each.unit}` }))
        .join('');
      return `<h3>${escapeHtml(`${room} – ${point}`)}</h3>${curve}<div class="scroll"><table><caption>${escapeHtml(t.readingsCaption(room, point))}</caption><thead><tr><th scope="col">${escapeHtml(t.readingTime)}</th><th scope="col">${escapeHtml(t.reading)}</th><th scope="col">${escapeHtml(t.method)}</th><th scope="col">${escapeHtml(t.material)}</th><th scope="col">${escapeHtml(t.target)}</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
    })
    .join('');
}

function reports(view: AdjusterView, path: string): string {
  if (view.reports.length === 0) return `<p>${escapeHtml(t.noReports)}</p>`;
  const items = view.reports.map(
    (report) =>
      `<li><a href="${escapeHtml(`${path}/rapporter/${report.id}.pdf`)}">${escapeHtml(t.report(formatDanishDateTime(report.sentAt)))}</a></li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

function thread(view: AdjusterView): string {
  if (view.thread.length === 0) return '';
  const items = view.thread.map((message) => {
    const who = message.direction === 'in' ? t.fromYou : t.fromUs(message.authorName);
    return `<li class="${message.direction === 'in' ? 'you' : 'us'}"><p class="msg-h"><strong>${escapeHtml(who)}</strong> · ${time(message.createdAt)}</p><p class="msg">${escapeHtml(message.body)}</p></li>`;
  });
  return section('thread-h', t.threadHeading, `<ol class="msgs">${items.join('')}</ol>`);
}

export interface AdjusterPageState {
  /** The page's own path (/taksator/<token>): the form posts below it, the photos come from it. */
  path: string;
  now: Date;
  confirmation?: string | undefined;
  error?: string | undefined;
  messageDraft?: string | undefined;
  /** The satisfaction question, once a report was sent (server/case/satisfaction-page.ts). */
  satisfaction?: SatisfactionPageState | undefined;
  /** A refused answer while the question is not asked: its message, where the question would be. */
  satisfactionRefused?: string | undefined;
}

/** Where a post lands: the confirmation or the refusal above the form. */
export const messageFormId = 'skriv';

function messageForm(state: AdjusterPageState): string {
  const notice = state.error
    ? `<p class="err" role="alert" id="besked-fejl">${escapeHtml(state.error)}</p>`
    : state.confirmation
      ? `<p class="ok" role="status">${escapeHtml(state.confirmation)}</p>`
      : '';
  const described = state.error ? 'besked-hint besked-fejl' : 'besked-hint';
  return `<section id="${messageFormId}" aria-labelledby="message-h"><h2 id="message-h">${escapeHtml(t.messageHeading)}</h2>${notice}
<form method="post" action="${escapeHtml(state.path)}/besked#${messageFormId}">
<label for="besked">${escapeHtml(t.messageLabel)}</label>
<p class="hint" id="besked-hint">${escapeHtml(t.messageHint)}</p>
<textarea id="besked" name="besked" maxlength="${adjusterMessageMaxChars}" required aria-describedby="${described}">${escapeHtml(state.messageDraft ?? '')}</textarea>
<button type="submit">${escapeHtml(t.messageButton)}</button>
</form></section>`;
}

function satisfaction(state: AdjusterPageState): string {
  if (state.satisfaction) return satisfactionSectionHtml(state.path, state.satisfaction);
  if (!state.satisfactionRefused) return '';
  return `<section aria-labelledby="tilfredshed-h" id="tilfredshed"><h2 id="tilfredshed-h">${escapeHtml(t.satisfactionHeading)}</h2><p class="err" role="alert" id="tilfredshed-error">${escapeHtml(state.satisfactionRefused)}</p></section>`;
}

export function adjusterPageHtml(view: AdjusterView, state: AdjusterPageState): string {
  const title = t.title(view.reference);
  const main = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="lead">${escapeHtml(t.intro(view.adjusterName))}</p>`,
    section('facts-h', t.factsHeading, facts(view)),
    section('milestones-h', t.milestonesHeading, milestones(view)),
    section('deadlines-h', t.deadlinesHeading, deadlines(view, state.now)),
    section('photos-h', t.photosHeading, photos(view, state.path)),
    section('drying-h', t.dryingHeading, dryingLog(view)),
    section('reports-h', t.reportsHeading, reports(view, state.path)),
    satisfaction(state),
    thread(view),
    messageForm(state),
  ];
  return document(title, main.filter(Boolean).join('\n'));
}

/** A wrong, revoked or expired link, or a case that is gone: the same page for each. */
export function adjusterNotFoundHtml(): string {
  return document(
    t.notFoundTitle,
    `<h1>${escapeHtml(t.notFoundTitle)}</h1><section><p>${escapeHtml(t.notFound)}</p><p><a href="/">${escapeHtml(company.name)}</a></p></section>`,
  );
}
