/**
 * The customer's own words of an e-mail answer, as the common Danish mail programs write them:
 * Outlook (desktop and Outlook.com), Gmail (web and app), Apple Mail on the Mac and the iPhone.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { cutNote, maxParsedTextLength, maxAnswerLength, answerText } from './answer-text.ts';

/** The longest the event loop was held (ms) while `work` ran: the time no other request is served. */
async function longestStall(work: () => void): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 30));
  work();
  await new Promise((resolve) => setTimeout(resolve, 30));
  histogram.disable();
  return histogram.max / 1e6;
}

const ours = [
  'Hej Karen,',
  '',
  'Vi kommer i morgen kl. 9 og ser på skaden.',
  '',
  'Følg din sag: https://skadekompagniet.dk/sag/abc',
  '',
  'Venlig hilsen',
  'Skadekompagniet',
];

describe('answerText', () => {
  it('cuts a Danish Outlook answer at its header block and the line above it', () => {
    const mail = [
      'Det passer fint, jeg er hjemme fra 8.',
      '',
      'Mvh Karen',
      '',
      '________________________________',
      'Fra: Skadekompagniet <svar+abc@skadekompagniet.dk>',
      'Sendt: 3. juni 2024 10:12',
      'Til: Karen Holm <karen@holm.dk>',
      'Emne: Re: Din skadeanmeldelse SK-1234',
      '',
      ...ours,
    ].join('\r\n');
    expect(answerText(mail)).toBe('Det passer fint, jeg er hjemme fra 8.\n\nMvh Karen');
  });

  it('cuts Outlook\'s "-----Original Message-----" and its Danish form', () => {
    for (const separator of ['-----Original Message-----', '-----Oprindelig meddelelse-----']) {
      const mail = ['Tak for det.', '', separator, 'From: Skadekompagniet', 'Sent: Monday', ...ours];
      expect(answerText(mail.join('\n'))).toBe('Tak for det.');
    }
  });

  it('cuts a Danish Gmail answer at "Den … skrev:", also when Gmail wraps it over two lines', () => {
    const oneLine = [
      'Ja tak, kl. 9 er fint.',
      '',
      'Den man. 3. jun. 2024 kl. 10.12 skrev Skadekompagniet <svar+abc@skadekompagniet.dk>:',
      '',
      ...ours.map((line) => `> ${line}`),
    ];
    expect(answerText(oneLine.join('\n'))).toBe('Ja tak, kl. 9 er fint.');
    const wrapped = [
      'Ja tak, kl. 9 er fint.',
      '',
      'Den man. 3. jun. 2024 kl. 10.12 skrev Skadekompagniet <',
      'svar+abc@skadekompagniet.dk>:',
      '',
      ...ours.map((line) => `> ${line}`),
    ];
    expect(answerText(wrapped.join('\n'))).toBe('Ja tak, kl. 9 er fint.');
  });

  it('cuts an English Gmail answer at "On … wrote:"', () => {
    const mail = [
      'See you tomorrow.',
      '',
      'On Mon, 3 Jun 2024 at 10:12, Skadekompagniet <svar+abc@skadekompagniet.dk> wrote:',
      ...ours.map((line) => `> ${line}`),
    ];
    expect(answerText(mail.join('\n'))).toBe('See you tomorrow.');
  });

  it('cuts an Apple Mail answer from the iPhone, with "Sendt fra min iPhone" above the quote', () => {
    const mail = [
      'Super, vi ses',
      '',
      'Sendt fra min iPhone',
      '',
      'Den 3. jun. 2024 kl. 10.12 skrev Skadekompagniet <svar+abc@skadekompagniet.dk>:',
      '',
      ...ours.map((line) => `> ${line}`),
    ];
    expect(answerText(mail.join('\n'))).toBe('Super, vi ses');
  });

  it('drops lines quoted with ">" and a signature after "-- "', () => {
    const mail = [
      '> Vi kommer i morgen kl. 9',
      'Kan I komme kl. 10 i stedet?',
      '',
      '-- ',
      'Karen Holm',
      'Holm ApS · 87 65 43 21',
    ];
    expect(answerText(mail.join('\n'))).toBe('Kan I komme kl. 10 i stedet?');
  });

  it('keeps an answer that is only a quote rather than losing it, and keeps plain text as it is', () => {
    const onlyQuote = ['> Vi kommer i morgen kl. 9', '> Venlig hilsen'].join('\n');
    expect(answerText(onlyQuote)).toBe(onlyQuote);
    expect(answerText('Den nye dør er sat i.\nDen gamle er væk.')).toBe(
      'Den nye dør er sat i.\nDen gamle er væk.',
    );
  });

  it('cuts a very long answer and marks the cut', () => {
    const text = answerText('x'.repeat(maxAnswerLength + 500));
    expect(text).toBe(`${'x'.repeat(maxAnswerLength - 1)}…\n\n${cutNote}`);
  });

  it('reads only the first 64 KB of a mail and says the rest was cut', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `linje ${i}`);
    const text = answerText(lines.join('\n'));
    expect(text.endsWith(`\n\n${cutNote}`)).toBe(true);
    expect(text).not.toContain('linje 19999');
    expect(maxParsedTextLength).toBe(64 * 1024);
  });

  // Regular expressions like /\s+$/ retry from every space of a long run: 150,000 spaces held the
  // server for about ten seconds. Every step here is linear, so the line costs a few milliseconds;
  // the bound is generous for a loaded machine and far below the quadratic cost.
  it('takes a line of 150,000 spaces between two letters without holding the event loop', async () => {
    const line = `a${' '.repeat(150_000)}a`;
    for (const mail of [line, `${line}\n> quote`, `On ${line}`, `Fra: ${line}\nSendt: x\nTil: y`]) {
      let text = '';
      const stall = await longestStall(() => {
        text = answerText(mail);
      });
      expect(text.slice(0, 1)).toBe(mail.slice(0, 1));
      expect(text.endsWith(cutNote)).toBe(true);
      expect(stall).toBeLessThan(1000);
    }
    // Below the 64 KB cap the whole line is read, and still in linear time.
    const within = `a${' '.repeat(60_000)}a`;
    let kept = '';
    const withinStall = await longestStall(() => {
      kept = answerText(`${within}\n`);
    });
    expect(kept).toBe(`${within.slice(0, maxAnswerLength - 1)}…\n\n${cutNote}`);
    expect(withinStall).toBeLessThan(1000);
    const many = await longestStall(() => answerText(`${'skrev :'.repeat(20_000)}x`));
    expect(many).toBeLessThan(1000);
  });
});
