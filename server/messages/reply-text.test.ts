/**
 * The customer's own words of an e-mail answer, as the common Danish mail programs write them:
 * Outlook (desktop and Outlook.com), Gmail (web and app), Apple Mail on the Mac and the iPhone.
 */
import { describe, expect, it } from 'vitest';
import { maxReplyLength, replyText } from './reply-text.ts';

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

describe('replyText', () => {
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
    expect(replyText(mail)).toBe('Det passer fint, jeg er hjemme fra 8.\n\nMvh Karen');
  });

  it('cuts Outlook\'s "-----Original Message-----" and its Danish form', () => {
    for (const separator of ['-----Original Message-----', '-----Oprindelig meddelelse-----']) {
      const mail = ['Tak for det.', '', separator, 'From: Skadekompagniet', 'Sent: Monday', ...ours];
      expect(replyText(mail.join('\n'))).toBe('Tak for det.');
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
    expect(replyText(oneLine.join('\n'))).toBe('Ja tak, kl. 9 er fint.');
    const wrapped = [
      'Ja tak, kl. 9 er fint.',
      '',
      'Den man. 3. jun. 2024 kl. 10.12 skrev Skadekompagniet <',
      'svar+abc@skadekompagniet.dk>:',
      '',
      ...ours.map((line) => `> ${line}`),
    ];
    expect(replyText(wrapped.join('\n'))).toBe('Ja tak, kl. 9 er fint.');
  });

  it('cuts an English Gmail answer at "On … wrote:"', () => {
    const mail = [
      'See you tomorrow.',
      '',
      'On Mon, 3 Jun 2024 at 10:12, Skadekompagniet <svar+abc@skadekompagniet.dk> wrote:',
      ...ours.map((line) => `> ${line}`),
    ];
    expect(replyText(mail.join('\n'))).toBe('See you tomorrow.');
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
    expect(replyText(mail.join('\n'))).toBe('Super, vi ses');
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
    expect(replyText(mail.join('\n'))).toBe('Kan I komme kl. 10 i stedet?');
  });

  it('keeps an answer that is only a quote rather than losing it, and keeps plain text as it is', () => {
    const onlyQuote = ['> Vi kommer i morgen kl. 9', '> Venlig hilsen'].join('\n');
    expect(replyText(onlyQuote)).toBe(onlyQuote);
    expect(replyText('Den nye dør er sat i.\nDen gamle er væk.')).toBe(
      'Den nye dør er sat i.\nDen gamle er væk.',
    );
  });

  it('cuts a very long answer and marks the cut', () => {
    const text = replyText('x'.repeat(maxReplyLength + 500));
    expect(text).toHaveLength(maxReplyLength);
    expect(text.endsWith('…')).toBe(true);
  });
});
