/**
 * The copies the file transports keep in DATA_DIR (SMS as text, mail as .eml): the owner's only,
 * and no key to a case page or an on-call link in them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmlTransport } from '../mail/transport.ts';
import { createFileSmsTransport } from './file-transport.ts';
import { withoutLinkTokens } from './link-tokens.ts';

const caseToken = 'Qm9yZ2VyZW5zIGZvcnNpa3JpbmcgZXIgaGVtbWVsaWc';
const shortId = 'AbCdEfGhIjKlMnOp';
const signed = 'AbCdEfGhIjKlMnOpQrStUv.Zz-_09AbCdEfGhIjKlMn.1800000000.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const origin = 'https://skade.example.dk';

let dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'stored-copies-'));
  dirs.push(dir);
  return join(dir, 'copies');
};
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('withoutLinkTokens', () => {
  it('hides the key of every case-page and on-call link, and nothing else', () => {
    const text = [
      `Følg din sag: ${origin}/sag/${caseToken}`,
      `Tag den: ${origin}/v/${shortId}`,
      `Kvittér: ${origin}/vagt/${signed}.`,
      `Listen: ${origin}/vagt/liste/${signed}`,
      `<a href="${origin}/sag/${caseToken}">Din sag</a>`,
      `Indbakken: ${origin}/indbakke/henvendelse/0f6c3f0e-1b1a-4a4e-9a55-3f0c8f0b8a11 og ${origin}/services`,
    ].join('\n');
    expect(withoutLinkTokens(text)).toBe(
      [
        `Følg din sag: ${origin}/sag/[skjult]`,
        `Tag den: ${origin}/v/[skjult]`,
        `Kvittér: ${origin}/vagt/[skjult]`,
        `Listen: ${origin}/vagt/liste/[skjult]`,
        `<a href="${origin}/sag/[skjult]">Din sag</a>`,
        `Indbakken: ${origin}/indbakke/henvendelse/0f6c3f0e-1b1a-4a4e-9a55-3f0c8f0b8a11 og ${origin}/services`,
      ].join('\n'),
    );
  });
});

describe('the SMS files', () => {
  const sms = {
    to: '+4521111111',
    text: `AKUT NORMAL SK-AB23CD: Vandskade\nTag den: ${origin}/v/${shortId}`,
    reference: '0f6c3f0e-1b1a-4a4e-9a55-3f0c8f0b8a11',
  };

  it('are the owner’s only and keep no link’s key', async () => {
    const dir = freshDir();
    await createFileSmsTransport({ dir, sender: 'Skade' }).send(sms);
    const [name] = readdirSync(dir);
    const text = readFileSync(join(dir, name!), 'utf8');
    expect(text).toContain(`Tag den: ${origin}/v/[skjult]`);
    expect(text).not.toContain(shortId);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, name!))).toBe(0o600);
  });

  it('keep the link only when the test-only setting asks for it', async () => {
    const dir = freshDir();
    await createFileSmsTransport({ dir, sender: 'Skade', keepLinks: true }).send(sms);
    const [name] = readdirSync(dir);
    expect(readFileSync(join(dir, name!), 'utf8')).toContain(`${origin}/v/${shortId}`);
  });
});

describe('the .eml files', () => {
  const mail = {
    messageId: '<0f6c3f0e-1b1a-4a4e-9a55-3f0c8f0b8a11@skade.example.dk>',
    from: 'Skade <no-reply@skade.example.dk>',
    to: 'kunde@example.dk',
    subject: 'Vi har modtaget din henvendelse',
    text: `Følg din sag: ${origin}/sag/${caseToken}`,
    html: `<p><a href="${origin}/sag/${caseToken}">Følg din sag</a></p>`,
  };

  it('are the owner’s only and keep no link’s key, in the text or the HTML part', async () => {
    const dir = freshDir();
    await createEmlTransport(dir).send(mail);
    const [name] = readdirSync(dir);
    const raw = readFileSync(join(dir, name!));
    const parsed = await simpleParser(raw);
    expect(parsed.text).toContain(`Følg din sag: ${origin}/sag/[skjult]`);
    expect(parsed.html).toContain(`href="${origin}/sag/[skjult]"`);
    // Not even split by quoted-printable's soft line breaks.
    expect(raw.toString('latin1').replace(/=\r?\n/g, '')).not.toContain(caseToken.slice(0, 20));
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, name!))).toBe(0o600);
  });

  it('keep the link only when the test-only setting asks for it', async () => {
    const dir = freshDir();
    await createEmlTransport(dir, { keepLinks: true }).send(mail);
    const [name] = readdirSync(dir);
    expect((await simpleParser(readFileSync(join(dir, name!)))).text).toContain(`/sag/${caseToken}`);
  });
});
