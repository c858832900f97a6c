/**
 * The satisfaction question on the case page, as plain HTML: five radio buttons and an optional
 * comment in a form that posts to /sag/<token>/tilfredshed (no script; the page's CSP allows
 * forms to this site only). The e-mail's answer links open the page with their answer chosen
 * (`chosen`): only the form's post records it. After the answer the page thanks the customer and,
 * when they are satisfied (4–5) and a review site is configured, invites them to review us.
 */
import {
  isSatisfied,
  isUnhappy,
  satisfactionCommentMaxChars,
  satisfactionLabels,
  satisfactionScores,
  type SatisfactionScore,
} from '../../domain/satisfaction-scale.ts';
import { escapeHtml } from '../mail/html.ts';
import type { SatisfactionState } from './satisfaction.ts';
import { satisfactionPageText as text } from './satisfaction-copy.ts';

/** The question's own rules of the page's one style (the case page's and the adjuster's page's). */
export const satisfactionStyle =
  'fieldset{border:0;margin:0 0 .8rem;padding:0}legend{font-weight:600;margin:0 0 .35rem}ul.scale{list-style:none;margin:0;padding:0}ul.scale label{display:flex;align-items:center;gap:.6rem;min-height:44px;margin:0;font-weight:400}ul.scale input{width:1.4rem;height:1.4rem;margin:0}';

/** The section's anchor: the e-mail's links and a refused post land on it. */
export const satisfactionId = 'tilfredshed';

export interface SatisfactionPageState {
  state: SatisfactionState;
  /** The answer an e-mail link chose, to confirm. */
  chosen?: SatisfactionScore | undefined;
  /** A refused post: its message and what the customer had written. */
  error?: string | undefined;
  commentDraft?: string | undefined;
  /** The page that thanks for an answer just recorded ('changed': a change of an earlier one). */
  thanked?: 'first' | 'changed' | undefined;
  /** Where satisfied customers may review us (REVIEW_URL); null: nowhere. */
  reviewUrl: string | null;
}

function answerForm(path: string, page: SatisfactionPageState): string {
  const { state, chosen } = page;
  const selected = chosen ?? state.score;
  const radios = satisfactionScores
    .map(
      (score) =>
        `<li><label for="svar-${score}"><input type="radio" id="svar-${score}" name="svar" value="${score}" required${
          score === selected ? ' checked' : ''
        }> ${score} – ${escapeHtml(satisfactionLabels[score])}</label></li>`,
    )
    .join('');
  const error = page.error
    ? `<p class="err" role="alert" id="tilfredshed-error" tabindex="-1">${escapeHtml(page.error)}</p>`
    : '';
  const comment = page.commentDraft ?? state.comment ?? '';
  return `${error}<form method="post" action="${escapeHtml(path)}/tilfredshed#tilfredshed-error">
<fieldset><legend>${escapeHtml(text.scoreLegend)}</legend><ul class="scale">${radios}</ul></fieldset>
<label for="kommentar">${escapeHtml(text.commentLabel)}</label>
<p class="hint" id="kommentar-hint">${escapeHtml(text.commentHint)}</p>
<textarea id="kommentar" name="kommentar" maxlength="${satisfactionCommentMaxChars}" aria-describedby="kommentar-hint">${escapeHtml(comment)}</textarea>
<button type="submit">${escapeHtml(text.send)}</button>
</form>`;
}

function reviewInvitation(page: SatisfactionPageState): string {
  const { score } = page.state;
  if (!page.reviewUrl || score === null || !isSatisfied(score)) return '';
  return `<section aria-labelledby="review-h"><h2 id="review-h">${escapeHtml(text.reviewHeading)}</h2><p>${escapeHtml(
    text.review,
  )}</p><a class="call review" href="${escapeHtml(page.reviewUrl)}" rel="noopener noreferrer" target="_blank">${escapeHtml(
    text.reviewLink,
  )} <span class="vh">${escapeHtml(text.reviewNewWindow)}</span></a></section>`;
}

/** The thanks after an answer, and the review invitation when the customer is satisfied. */
function thanks(page: SatisfactionPageState): string {
  const { score } = page.state;
  const lines: string[] = [page.thanked === 'changed' ? text.thanksChanged : text.thanks];
  if (score !== null && isUnhappy(score)) lines.push(text.thanksUnhappy);
  return `<section aria-labelledby="tilfredshed-h" id="${satisfactionId}"><h2 id="tilfredshed-h">${escapeHtml(
    text.thanksTitle,
  )}</h2>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</section>${reviewInvitation(page)}`;
}

/** The question's section of the case page: to answer, to confirm a chosen answer, or thanks. */
export function satisfactionSectionHtml(path: string, page: SatisfactionPageState): string {
  if (page.thanked) return thanks(page);
  const { state } = page;
  const heading = page.chosen ? text.chosenTitle : text.heading;
  const answered =
    state.score !== null && state.answeredAt
      ? `<p>${escapeHtml(text.answered(satisfactionLabels[state.score], state.answeredAt))}</p>`
      : '';
  const intro = page.chosen
    ? `<p>${escapeHtml(text.chosen(satisfactionLabels[page.chosen]))}</p>`
    : state.open
      ? `<p>${escapeHtml(state.score === null ? text.intro : text.changeHint)}</p>`
      : `<p>${escapeHtml(text.closedHint)}</p>`;
  const body = state.open
    ? answerForm(path, page)
    : page.error
      ? `<p class="err" role="alert">${escapeHtml(page.error)}</p>`
      : '';
  return `<section aria-labelledby="tilfredshed-h" id="${satisfactionId}"><h2 id="tilfredshed-h">${escapeHtml(heading)}</h2>${answered}${intro}${body}</section>`;
}
