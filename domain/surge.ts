/**
 * Surge mode ("travlt"): the callback time we promise when many emergencies wait, and its words.
 * Shared by the server (the notice it puts into every page, the answers, the receipt) and the
 * browser (the scripted form's toast, /tak), so both say the same. Why the formula:
 * docs/decisions/surge-mode.md.
 */
import { promises } from './constants.ts';

export const surgeModes = ['normal', 'travlt'] as const;
export type SurgeMode = (typeof surgeModes)[number];

/** The callback time we promise outside surge. */
export const normalCallbackMinutes = promises.emergencyCallbackMinutes;

/** A koordinator who switches surge on knows more than the counts: never promise less than this. */
export const manualSurgeMinimumMinutes = 60;

/** What the site promises a new emergency now. */
export interface CallbackPromise {
  mode: SurgeMode;
  expectedCallbackMinutes: number;
}

/**
 * max(15, ⌈waiting × handling minutes ÷ people⌉): the waiting emergencies shared among the people
 * working the queue, each taking `handlingMinutes`; at least one person, so nobody divides by 0.
 */
export function expectedCallbackMinutes(input: {
  waiting: number;
  handlingMinutes: number;
  people: number;
}): number {
  const people = Math.max(1, Math.floor(input.people));
  const waiting = Math.max(0, Math.floor(input.waiting));
  return Math.max(normalCallbackMinutes, Math.ceil((waiting * input.handlingMinutes) / people));
}

/** The waits the public is told, in minutes; above the last one, whole hours. */
export const publicWaitSteps = [15, 30, 45, 60, 90, 120] as const;

/**
 * A wait as the public is told it: rounded up (we would rather call early than late) to 15, 30,
 * 45, 60, 90 or 120 minutes, then to whole hours. The exact figure follows
 * ⌈waiting × handling minutes ÷ people⌉, so shown as it is, anyone could watch the queue grow
 * emergency by emergency; a step says how long to expect without counting the queue.
 */
export function publicWaitMinutes(minutes: number): number {
  const step = publicWaitSteps.find((candidate) => minutes <= candidate);
  return step ?? Math.ceil(minutes / 60) * 60;
}

/**
 * The promise from the counts and a koordinator's switch: surge above 15 minutes, or when switched
 * on; its minutes in the public steps (publicWaitMinutes), since every page, answer and receipt
 * says them.
 */
export function callbackPromiseOf(input: {
  waiting: number;
  handlingMinutes: number;
  people: number;
  manual: boolean;
}): CallbackPromise {
  const computed = expectedCallbackMinutes(input);
  if (input.manual) {
    return {
      mode: 'travlt',
      expectedCallbackMinutes: publicWaitMinutes(Math.max(manualSurgeMinimumMinutes, computed)),
    };
  }
  return computed > normalCallbackMinutes
    ? { mode: 'travlt', expectedCallbackMinutes: publicWaitMinutes(computed) }
    : { mode: 'normal', expectedCallbackMinutes: normalCallbackMinutes };
}

/**
 * A wait as a visitor reads it, in the public steps (publicWaitMinutes): "ca. 15 minutter",
 * "ca. 30 minutter", "ca. 45 minutter", "ca. 1 time", "ca. 1½ time", "ca. 2 timer", then whole
 * hours ("ca. 3 timer").
 */
export function waitInWords(minutes: number): string {
  const step = publicWaitMinutes(minutes);
  if (step < 60) return `ca. ${step} minutter`;
  const hours = Math.floor(step / 60);
  const half = step % 60 === 30 ? '½' : '';
  return `ca. ${hours}${half} ${hours === 1 ? 'time' : 'timer'}`;
}

/**
 * When we call back, as every page's sentences say it ("Vi ringer tilbage inden for 15
 * minutter"): one phrase, built into the pages in normal mode and swapped for the wait in surge
 * ("Vi ringer tilbage om ca. 3 timer"), so no page says two different times.
 */
export function callbackWithinText(promise: CallbackPromise): string {
  return promise.mode === 'travlt'
    ? `om ${waitInWords(promise.expectedCallbackMinutes)}`
    : `inden for ${normalCallbackMinutes} minutter`;
}

/** The same phrase at the start of a sentence or a label ("Inden for 15 minutter"). */
export function callbackWithinAtStart(promise: CallbackPromise): string {
  const text = callbackWithinText(promise);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The promise the pages are built with. */
export const normalCallbackPromise: CallbackPromise = {
  mode: 'normal',
  expectedCallbackMinutes: normalCallbackMinutes,
};

/**
 * What to swap in the built pages (and their page data) to make them say `promise`: pairs of
 * [as built, now]; none in normal mode, so the pages go out exactly as built.
 */
export function callbackPhraseSwaps(promise: CallbackPromise): ReadonlyArray<readonly [string, string]> {
  if (promise.mode === 'normal') return [];
  return [
    [callbackWithinText(normalCallbackPromise), callbackWithinText(promise)],
    [callbackWithinAtStart(normalCallbackPromise), callbackWithinAtStart(promise)],
  ];
}

/** The notice at the top of every public page while in surge. */
export function surgeNotice(minutes: number): string {
  return `Vi har mange akutte henvendelser lige nu. Forventet ventetid på opkald: ${waitInWords(minutes)}. Er der fare for personer, så ring 112.`;
}

/** The notice region's accessible name. */
export const surgeNoticeLabel = 'Ventetid på opkald';

/** What GET /api/beredskab says in each mode. */
export function callbackPromiseMessage(promise: CallbackPromise): string {
  return promise.mode === 'travlt'
    ? surgeNotice(promise.expectedCallbackMinutes)
    : `Vi ringer til dig inden for ${normalCallbackMinutes} minutter.`;
}

/** What a lead was told when it was stored (leads.announced_*). */
export interface AnnouncedCallback {
  minutes: number;
  inSurge: boolean;
  /**
   * Told it is first in line (leads.announced_first_in_line): a danger to people (priority
   * 'kritisk') with no other danger to people waiting before it.
   */
  critical: boolean;
}

/** What a danger to people is told: its wait, and whether it is first in line. */
export interface CriticalCallback {
  minutes: number;
  firstInLine: boolean;
}

/**
 * A danger to people goes before the other emergencies, not before the other dangers to people:
 * the same formula over the critical emergencies waiting ahead of it (never under 15 minutes, in
 * the public steps), and first in line only when none is ahead.
 */
export function criticalCallbackOf(input: {
  ahead: number;
  handlingMinutes: number;
  people: number;
}): CriticalCallback {
  const minutes = expectedCallbackMinutes({ ...input, waiting: input.ahead });
  return { minutes: publicWaitMinutes(minutes), firstInLine: input.ahead <= 0 };
}

export const firstInLineText = 'Du er forrest i køen, fordi der er fare for personer.';

/**
 * The callback sentence of the answer, the toast, /tak and the receipt. `phone`, when given, is
 * the number we will call, as shown. The normal 15 minutes is a promise; a longer wait (surge, or
 * a danger to people behind others) is an expected wait, in words.
 */
export function announcedCallbackText(announced: AnnouncedCallback, phone?: string): string {
  const on = phone ? ` på ${phone}` : '';
  const first = announced.critical ? `${firstInLineText} ` : '';
  if (announced.minutes <= normalCallbackMinutes) {
    return `${first}Vi ringer til dig inden for ${announced.minutes} minutter${on}.`;
  }
  return `Vi har mange akutte henvendelser lige nu. Vi ringer til dig${on}, forventet ventetid: ${waitInWords(announced.minutes)}.`;
}

/** The damage types where water is the danger: in surge their advice comes first. */
export const waterDamageTypes: readonly string[] = ['vandskade', 'skybrudsskade', 'stormflod'];

/**
 * What to do while waiting for our call, for water damage (the thank-you page's advice,
 * app/content/pages/thank-you.ts, in the order that matters most when the wait is long).
 */
export const surgeWaterAdvice = {
  title: 'Det kan du gøre nu',
  items: [
    'Slå strømmen fra i våde rum.',
    'Løft ting væk fra gulvet.',
    'Tag billeder af skaden, før du rydder op.',
  ],
} as const;
