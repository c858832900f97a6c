/**
 * The customer's case page as HTML, rendered by the server at request time: no scripts at all (it
 * works the same with them off), one inline style allowed by its hash in the page's own
 * Content-Security-Policy, the site's brand colours and header, and forms that are plain HTML
 * (multipart for photos) with large tap targets for a phone.
 */
import { caseStepLabels, visitText } from '../../domain/case-steps.ts';
import { company } from '../../domain/company.ts';
import { casePage } from '../../domain/constants.ts';
import { leadKindRegistry } from '../../domain/lead-kinds.ts';
import { styleOnlyPagePolicy } from '../plugins/security-headers.ts';
import { noReferrer, styleOnlyPageStart } from '../plugins/style-only-page.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import type { CaseView } from './case-service.ts';
import { nextText, pageText, promiseText } from './copy.ts';
import { duplicateNotice } from '../../domain/duplicate-leads.ts';
import { caseThreadHtml } from './case-thread.ts';
import { caseMilestonesHtml } from './case-milestones.ts';
import {
  satisfactionSectionHtml,
  satisfactionStyle,
  type SatisfactionPageState,
} from './satisfaction-page.ts';

const style = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1.0625rem;line-height:1.55;color:#0f172a;background:#f1f5f9}
a{color:#0d6560}a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #0f9e91;outline-offset:2px}
.top{background:#0f514e;color:#fff}.top div{max-width:40rem;margin:0 auto;padding:.5rem 1rem;display:flex;align-items:center;justify-content:space-between;gap:.5rem}
.brand{color:#fff;font-weight:700;font-size:1.1rem;text-decoration:none;padding:.6rem 0;min-height:44px;display:inline-flex;align-items:center}.top .tel{color:#fff;font-weight:600;font-size:.95rem;white-space:nowrap;padding:.6rem 0;min-height:44px;display:inline-flex;align-items:center}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.55rem;line-height:1.25;margin:.5rem 0}h2{font-size:1.2rem;margin:0 0 .6rem}
section{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1rem;border:1px solid #e2e8f0}
.lead{margin:0 0 1rem;color:#334155}
.ok,.err{border-radius:.5rem;padding:.8rem 1rem;margin:0 0 1rem;font-weight:600}.ok{background:#effcfa;border:2px solid #0b7f76;color:#0f514e}.err{background:#fef2f2;border:2px solid #b91c1c;color:#7f1d1d}
ol.steps{list-style:none;margin:0;padding:0}ol.steps li{position:relative;padding:0 0 1rem 2.4rem;color:#475569}
ol.steps li:before{content:"";position:absolute;left:.45rem;top:.35rem;width:1.1rem;height:1.1rem;border-radius:50%;border:3px solid #94a3b8;background:#fff}
ol.steps li:after{content:"";position:absolute;left:.95rem;top:1.6rem;bottom:0;width:3px;background:#cbd5e1}ol.steps li:last-child:after{display:none}
ol.steps li.done{color:#0f172a}ol.steps li.done:before{background:#0b7f76;border-color:#0b7f76}ol.steps li.done:after{background:#0b7f76}
ol.steps li.now{color:#0f172a;font-weight:700}ol.steps li.now:before{box-shadow:0 0 0 4px #c9f5ee}.when{display:block;font-weight:400;color:#334155}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem}dt{font-weight:600;color:#334155}dd{margin:0;overflow-wrap:anywhere}
.promise{border-left:5px solid #b91c1c}
label{display:block;font-weight:600;margin:0 0 .35rem}.hint{color:#475569;font-size:.95rem;margin:0 0 .6rem}
input[type=file]{display:block;width:100%;min-height:48px;padding:.6rem;border:2px dashed #64748b;border-radius:.5rem;background:#f8fafc;font-size:1rem}
textarea{display:block;width:100%;min-height:8rem;padding:.7rem;border:2px solid #64748b;border-radius:.5rem;font:inherit}
button,.call{display:block;width:100%;min-height:48px;margin:.8rem 0 0;padding:.8rem 1rem;border:0;border-radius:.5rem;background:#0d6560;color:#fff;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
.call{background:#b91c1c}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
ul.facts{list-style:none;margin:0;padding:0}ul.facts li{margin:0 0 .6rem}ul.facts .when{font-weight:600}
ol.msgs{list-style:none;margin:0;padding:0}ol.msgs li{border-left:4px solid #0b7f76;padding:.1rem 0 .1rem .8rem;margin:0 0 1rem}ol.msgs li.you{border-left-color:#64748b;margin-left:1.5rem}.msg-h{margin:0;color:#475569;font-size:.95rem}.msg{margin:.2rem 0 0;white-space:pre-line;overflow-wrap:anywhere}
${satisfactionStyle}
footer{max-width:40rem;margin:0 auto;padding:0 1rem 2rem;color:#475569;font-size:.95rem}footer p{margin:0 0 .5rem}`;

/** The page's own policy: nothing but its one style; forms post to this site only. */
export function casePagePolicy(publicUrl: string): string {
  return styleOnlyPagePolicy(style, publicUrl);
}

function document(title: string, main: string, { aboutLink = true } = {}): string {
  const about = aboutLink
    ? `<p>${escapeHtml(pageText.privacy)} <a href="/privacy-policy">${escapeHtml(pageText.privacyLink)}</a>.</p>`
    : '';
  const description = `<meta name="description" content="${escapeHtml(`${title} hos ${company.name}`)}">`;
  return `${styleOnlyPageStart({ title, style, head: [noReferrer, description] })}
<header class="top"><div><a class="brand" href="/">${escapeHtml(company.name)}</a><a class="tel" href="tel:${company.phoneE164}">Tlf. ${escapeHtml(company.phoneDisplay)}</a></div></header>
<main>
${main}
</main>
<footer>${about}<p>${escapeHtml(company.legalName)} · CVR ${escapeHtml(company.cvr)} · ${escapeHtml(company.email)}</p></footer>
</body>
</html>
`;
}

const clock = new Intl.DateTimeFormat('da-DK', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Copenhagen',
});

/**
 * The five steps, each ticked only when its fact is recorded: a skipped step stays unticked
 * below a later one. The last step done is where the case stands now.
 */
function timeline(view: CaseView): string {
  const items = view.progress.steps.map(({ step, done }) => {
    const visit =
      step === 'visit-agreed' && view.visitAt
        ? `<span class="when">${escapeHtml(visitText(view.visitAt))}</span>`
        : '';
    const label = `${escapeHtml(caseStepLabels[step])}${visit}`;
    if (step === view.progress.current)
      return `<li class="done now" aria-current="step">${label}<span class="vh"> (${pageText.current})</span></li>`;
    if (done) return `<li class="done">${label}<span class="vh"> (${pageText.done})</span></li>`;
    return `<li>${label}<span class="vh"> (${pageText.notDone})</span></li>`;
  });
  return `<ol class="steps">${items.join('')}</ol>`;
}

function details(view: CaseView): string {
  const photos = view.photos.withForm + view.photos.addedLater;
  const rows: [string, string][] = [
    ['Reference', view.reference],
    ['Henvendelse', view.kindLabel],
    ['Modtaget', formatDanishDateTime(view.receivedAt)],
  ];
  if (view.damageType) rows.push(['Skadetype', view.damageType]);
  if (view.address) rows.push(['Adresse', view.address]);
  if (leadKindRegistry[view.kind].maxPhotos > 0 || photos > 0)
    rows.push(['Billeder', photos === 0 ? 'Ingen' : photos === 1 ? '1 billede' : `${photos} billeder`]);
  return `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

export interface CasePageState {
  /** The page's own path (/sag/<token>): the forms post below it. */
  path: string;
  /** A confirmation after a successful post. */
  confirmation?: string | undefined;
  /** A refusal after a failed post, and which form it belongs to. */
  error?: { form: 'photos' | 'message'; message: string } | undefined;
  /** What the customer had typed, given back after a refused message. */
  messageDraft?: string | undefined;
  /** The satisfaction question, once the customer was asked (server/case/satisfaction-page.ts). */
  satisfaction?: SatisfactionPageState | undefined;
}

/** Where a successful post lands: the confirmation at the top, not the form it came from. */
export const confirmationId = 'bekraeftelse';

export function casePageHtml(view: CaseView, state: CasePageState): string {
  const title = pageText.title(view.reference);
  const error = (form: 'photos' | 'message') =>
    state.error?.form === form
      ? `<p class="err" role="alert" id="${form}-error" tabindex="-1">${escapeHtml(state.error.message)}</p>`
      : '';
  const described = (form: 'photos' | 'message', hint: string) =>
    state.error?.form === form ? `${hint} ${form}-error` : hint;
  const canAddPhotos = view.photos.remainingToday > 0;
  const photosForm = canAddPhotos
    ? `<form method="post" action="${escapeHtml(state.path)}/billeder#photos-error" enctype="multipart/form-data">
<label for="billeder">${escapeHtml(pageText.photosLabel)}</label>
<input type="file" id="billeder" name="billeder" multiple accept="image/*" required aria-describedby="${described('photos', 'billeder-hint')}">
<button type="submit">${escapeHtml(pageText.photosButton)}</button>
</form>`
    : '';
  const main = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="lead">${escapeHtml(view.closed ? pageText.introClosed : pageText.intro)}</p>`,
    // A repeat of an open emergency points to the one we already have.
    view.duplicateOf ? `<p class="ok">${escapeHtml(duplicateNotice())}</p>` : '',
    state.confirmation
      ? `<p class="ok" role="status" id="${confirmationId}">${escapeHtml(state.confirmation)}</p>`
      : '',
    state.satisfaction ? satisfactionSectionHtml(state.path, state.satisfaction) : '',
    caseThreadHtml(view.thread, { canWrite: !view.closed }),
    `<section aria-labelledby="status-h"><h2 id="status-h">${escapeHtml(pageText.statusHeading)}</h2>${timeline(view)}${
      view.contactFirstName ? `<p>${escapeHtml(pageText.contact(view.contactFirstName))}</p>` : ''
    }</section>`,
    caseMilestonesHtml(view.milestones),
    view.promise
      ? `<section class="promise" aria-labelledby="promise-h"><h2 id="promise-h">${escapeHtml(pageText.promiseHeading(view.promise))}</h2><p>${escapeHtml(promiseText(view.promise, (date) => clock.format(date)))}</p></section>`
      : '',
    `<section aria-labelledby="next-h"><h2 id="next-h">${escapeHtml(pageText.nextHeading)}</h2><p>${escapeHtml(nextText({ current: view.progress.current, kind: view.kind, pagesOnCall: view.pagesOnCall, promise: view.promise, visitAt: view.visitAt, reply: view.reply }, (date) => clock.format(date)))}</p></section>`,
    `<section aria-labelledby="details-h"><h2 id="details-h">${escapeHtml(pageText.detailsHeading)}</h2>${details(view)}</section>`,
    view.closed ? closedSection(state) : postForms(view, state, error, described, photosForm),
    `<section aria-labelledby="questions-h"><h2 id="questions-h">${escapeHtml(pageText.questionsHeading)}</h2><p>${escapeHtml(pageText.questions)}</p><a class="call" href="tel:${company.phoneE164}">${escapeHtml(pageText.callButton)}</a></section>`,
  ];
  return document(title, main.filter(Boolean).join('\n'));
}

/** A closed case: no forms, the refusal of a post that came anyway, and the number to call. */
function closedSection(state: CasePageState): string {
  const refused = state.error
    ? `<p class="err" role="alert" id="${state.error.form}-error" tabindex="-1">${escapeHtml(state.error.message)}</p>`
    : '';
  return `<section aria-labelledby="closed-h"><h2 id="closed-h">${escapeHtml(pageText.closedHeading)}</h2>${refused}<p>${escapeHtml(pageText.closed)}</p></section>`;
}

/** The photo and message forms of an open case; a refused post lands on its error (#…-error). */
function postForms(
  view: CaseView,
  state: CasePageState,
  error: (form: 'photos' | 'message') => string,
  described: (form: 'photos' | 'message', hint: string) => string,
  photosForm: string,
): string {
  return [
    `<section aria-labelledby="photos-h"><h2 id="photos-h">${escapeHtml(pageText.photosHeading)}</h2>${error('photos')}<p class="hint" id="billeder-hint">${escapeHtml(pageText.photosHint(view.photos.remainingToday, view.photos.remaining))}</p>${photosForm}</section>`,
    `<section aria-labelledby="message-h"><h2 id="message-h">${escapeHtml(pageText.messageHeading)}</h2>${error('message')}
<form method="post" action="${escapeHtml(state.path)}/besked#message-error">
<label for="besked">${escapeHtml(pageText.messageLabel)}</label>
<p class="hint" id="besked-hint">${escapeHtml(pageText.messageHint)}</p>
<textarea id="besked" name="besked" maxlength="${casePage.messageMaxChars}" required aria-describedby="${described('message', 'besked-hint')}">${escapeHtml(state.messageDraft ?? '')}</textarea>
<div class="trap" aria-hidden="true"><label for="website">${escapeHtml(pageText.honeypotLabel)}</label><input type="text" id="website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">${escapeHtml(pageText.messageButton)}</button>
</form></section>`,
  ].join('\n');
}

/** A link that is wrong, closed or whose case is gone: the same page for each, so none is told apart. */
export function caseNotFoundHtml(): string {
  return document(
    pageText.notFoundTitle,
    `<h1>${escapeHtml(pageText.notFoundTitle)}</h1><section><p>${escapeHtml(pageText.notFound)}</p><a class="call" href="tel:${company.phoneE164}">${escapeHtml(pageText.callButton)}</a><p><a href="/">${escapeHtml(pageText.frontPage)}</a></p></section>`,
    { aboutLink: false },
  );
}
