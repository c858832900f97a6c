/**
 * Hostile mails for the reply mailbox, generated: huge lines, deep MIME nesting, a thousand parts,
 * malformed encodings and a mail at the mailbox's 25 MB limit. Each is taken through the real path
 * (takeMail: the parser, the reply text, the photo checks, the store) while the event loop's
 * longest stall is measured. Used by server/messages/incoming/answer-mail-corpus.test.ts, whose full form is
 * `npm run reply-corpus`.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  takeMail,
  UnreadableMail,
  type InboundMailDeps,
  type MailOutcome,
} from '../messages/incoming/answer-by-mail.ts';

export interface CorpusMail {
  name: string;
  /**
   * How it must end: stored in the thread, or refused by the parser (over its limits of 1,000
   * MIME parts and 1 MB of headers per part), which sends it to the company inbox at once.
   */
  expected: 'stored' | 'unreadable';
  /** Built when it is taken, so a 25 MB mail is held once. */
  build(to: string): Buffer;
}

const crlf = '\r\n';

function headers(to: string, subject: string, extra: string[] = []): string {
  return [
    'From: Karen Holm <karen@holm.dk>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@holm.dk>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    ...extra,
  ].join(crlf);
}

const plainMail = (to: string, subject: string, text: string, extra: string[] = []) =>
  Buffer.from(
    `${headers(to, subject, [...extra, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'])}${crlf}${crlf}${text}${crlf}`,
  );

/** A line of `a`, the given number of spaces, `a`: quadratic for a /\s+$/ trim. */
const spaceLine = (spaces: number) => `a${' '.repeat(spaces)}a`;

function nestedMail(to: string, depth: number): Buffer {
  const opening: string[] = [];
  const closing: string[] = [];
  for (let level = 0; level < depth; level += 1) {
    opening.push(`Content-Type: multipart/mixed; boundary="b${level}"${crlf}${crlf}--b${level}${crlf}`);
    closing.unshift(`${crlf}--b${level}--${crlf}`);
  }
  const leaf = `Content-Type: text/plain; charset=utf-8${crlf}${crlf}Svar i bunden.${crlf}`;
  return Buffer.from(`${headers(to, 'Dyb MIME')}${crlf}${opening.join('')}${leaf}${closing.join('')}`);
}

function manyPartsMail(to: string, parts: number): Buffer {
  const body: string[] = [
    `--p${crlf}Content-Type: text/plain; charset=utf-8${crlf}${crlf}Mange dele.${crlf}`,
  ];
  for (let part = 0; part < parts; part += 1) {
    // Declared pictures with bytes that are none: each is checked and refused.
    body.push(
      `--p${crlf}Content-Type: image/png; name="foto-${part}.png"${crlf}Content-Transfer-Encoding: base64${crlf}` +
        `Content-Disposition: attachment; filename="foto-${part}.png"${crlf}${crlf}${Buffer.from(`ikke et billede ${part}`).toString('base64')}${crlf}`,
    );
  }
  return Buffer.from(
    `${headers(to, 'Tusind dele', ['Content-Type: multipart/mixed; boundary="p"'])}${crlf}${crlf}${body.join('')}--p--${crlf}`,
  );
}

function malformedMail(to: string, size: number): Buffer {
  // Headers within the parser's 1 MB, each a long run without what its pattern looks for.
  const ids = Array.from({ length: 2_000 }, () => `<${randomUUID()}@andet.dk>`).join(' ');
  const extra = [
    'Content-Type: multipart/mixed; boundary="m"',
    `References: ${ids}`,
    `Cc: ${'x'.repeat(200_000)}`,
    `X-Long: ${'=?utf-8?B?!!!?= '.repeat(12_000)}`,
  ];
  const parts = [
    `--m${crlf}Content-Type: text/plain; charset=x-ukendt${crlf}Content-Transfer-Encoding: quoted-printable${crlf}${crlf}Hej =ZZ =${crlf}${'=3D'.repeat(size / 3)}${crlf}`,
    `--m${crlf}Content-Type: text/plain; charset=utf-8${crlf}Content-Transfer-Encoding: base64${crlf}${crlf}${'!!!!'.repeat(size / 4)}${crlf}`,
    `--m${crlf}Content-Type: text/plain; charset=utf-8${crlf}Content-Transfer-Encoding: 8bit${crlf}${crlf}${Buffer.from(
      [0xc3, 0x28, 0xff, 0xfe, 0x00],
    )
      .toString('latin1')
      .repeat(size / 5)}${crlf}`,
  ];
  return Buffer.from(
    `${headers(`${to}, =?utf-8?Q?=ZZ?= <>`, '=?utf-8?B?ikke base64?= =?x-ukendt?Q?hej?=', extra)}${crlf}${crlf}${parts.join('')}--m`,
    'latin1',
  );
}

function htmlOnlyMail(to: string, size: number): Buffer {
  const html = `<html><body>${'<div><p>Vandet    <b>kommer</b> ind <a href="x">her</a></p></div>'.repeat(size / 64)}</body></html>`;
  return Buffer.from(
    `${headers(to, 'Kun HTML', ['Content-Type: text/html; charset=utf-8'])}${crlf}${crlf}${html}${crlf}`,
  );
}

/** A header of `bytes` without an address: over the parser's 1 MB when `bytes` is. */
const hugeHeaderMail = (to: string, bytes: number) =>
  plainMail(to, 'Stort felt', 'Tekst.', [`Cc: ${'x'.repeat(bytes)}`]);

/** A mail of about `bytes`: text lines of 150,000 spaces, as 8bit text. */
function hugeMail(to: string, bytes: number): Buffer {
  const line = `${spaceLine(150_000)}${crlf}`;
  return plainMail(to, 'Meget stor', line.repeat(Math.max(1, Math.floor(bytes / line.length))));
}

/** The corpus: `full` at the sizes the mailbox accepts (25 MB), otherwise small enough for the suite. */
export function replyMailCorpus(full: boolean): CorpusMail[] {
  const scale = full ? 1 : 0.1;
  return [
    {
      name: 'line of 150,000 spaces',
      expected: 'stored',
      build: (to) => plainMail(to, 'Mellemrum', spaceLine(150_000)),
    },
    {
      name: `${full ? '1 MB' : '100 KB'} of "skrev :"`,
      expected: 'stored',
      build: (to) => plainMail(to, 'Skrev', `Den ${'skrev :'.repeat(150_000 * scale)}x`),
    },
    { name: 'MIME nested 100 deep', expected: 'stored', build: (to) => nestedMail(to, 100) },
    { name: '900 parts', expected: 'stored', build: (to) => manyPartsMail(to, 900) },
    ...(full
      ? ([
          { name: 'MIME nested 1,000 deep', expected: 'unreadable', build: (to) => nestedMail(to, 1000) },
          { name: '1,000 parts', expected: 'unreadable', build: (to) => manyPartsMail(to, 1000) },
        ] satisfies CorpusMail[])
      : []),
    {
      name: 'malformed encodings',
      expected: 'stored',
      build: (to) => malformedMail(to, full ? 1_000_000 : 100_000),
    },
    { name: 'header of 2 MB', expected: 'unreadable', build: (to) => hugeHeaderMail(to, 2 * 1024 * 1024) },
    {
      name: `HTML only, ${full ? '2 MB' : '200 KB'}`,
      expected: 'stored',
      build: (to) => htmlOnlyMail(to, 2_000_000 * scale),
    },
    { name: 'HTML only, 250 KB', expected: 'stored', build: (to) => htmlOnlyMail(to, 250_000) },
    {
      name: `${full ? '25 MB' : '2.5 MB'} of long space lines`,
      expected: 'stored',
      build: (to) => hugeMail(to, (full ? 25 : 2.5) * 1024 * 1024 - 4096),
    },
  ];
}

export interface CorpusResult {
  name: string;
  bytes: number;
  outcome: MailOutcome | 'unreadable' | 'failed';
  /** The event loop's longest stall while the mail was taken, in milliseconds. */
  stallMs: number;
  /** The whole time the mail took, in milliseconds (with database round trips). */
  totalMs: number;
  /** Why it failed (the corpus is made up: no customer's text is in it). */
  error?: string;
}

/** Takes each mail of the corpus, addressed to `to`, and measures the event loop meanwhile. */
export async function runReplyMailCorpus(
  deps: InboundMailDeps,
  to: string,
  corpus: readonly CorpusMail[],
): Promise<CorpusResult[]> {
  const results: CorpusResult[] = [];
  for (const mail of corpus) {
    const source = mail.build(to);
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const started = performance.now();
    let error: string | undefined;
    const outcome = await takeMail(deps, source).catch((cause: unknown) => {
      if (cause instanceof UnreadableMail) return 'unreadable' as const;
      error = String(cause).slice(0, 200);
      return 'failed' as const;
    });
    const totalMs = performance.now() - started;
    // One more turn of the loop, so a stall at the very end is recorded too.
    await new Promise((resolve) => setTimeout(resolve, 10));
    histogram.disable();
    results.push({
      name: mail.name,
      bytes: source.length,
      outcome,
      stallMs: Math.round(histogram.max / 1e6),
      totalMs: Math.round(totalMs),
      ...(error ? { error } : {}),
    });
  }
  return results;
}
