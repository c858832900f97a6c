/**
 * What the attacks use against the server started by scripts/abuse.mjs: JSON calls from a made-up
 * client address (X-Forwarded-For), lead bodies, the e-mails written to the data folder, and a
 * staff browser that keeps its session cookie and reads TOTP codes like an authenticator app.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { URI } from 'otpauth';
import { cookieValue, sleep } from '../abuse-lib.mjs';

export const contact = (email, extra = {}) => ({
  kind: 'kontakt',
  name: 'Anne Hansen',
  email,
  phone: '22 34 56 78',
  service: 'andet',
  message: 'Vi har vand i kælderen.',
  ...extra,
});
/** An emergency as the form sends it (water in the basement, insured at Tryg), from `sender`. */
export const emergencyFrom = (sender, extra = {}) => ({
  kind: 'akut-skade',
  fuldeNavn: sender.name,
  adresse: sender.address,
  telefon: sender.phone,
  email: sender.email,
  forsikringsselskab: 'Tryg',
  policeNr: '',
  skadeNr: '',
  skadetype: 'vandskade',
  besked: 'Vand i kælderen.',
  images: [],
  ...extra,
});
export const resource = (email, token) => ({
  kind: 'ressource',
  fullName: 'Birgitte Autofyld',
  email,
  phone: '22 34 56 78',
  companyName: '',
  resourceTitle: 'Er du klar til skybrud?',
  resourceType: 'Tjekliste',
  formToken: token,
});

/** The current 6-digit code of an otpauth:// URL, as an authenticator app shows it. */
export const codeOf = (otpauthUrl) => URI.parse(otpauthUrl).generate();
export const totpStep = () => Math.floor(Date.now() / 30_000);

/**
 * @param {{ origin: string, dataDir: string }} server the started built server
 * @param {string} password the staff accounts' password
 */
export function attackKit(server, password) {
  const mailDir = path.join(server.dataDir, 'mail');

  async function call(method, url, ip, body) {
    const response = await fetch(`${server.origin}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }
  const token = async (ip) => (await call('GET', '/api/leads/token', ip)).json.token;
  /** Every e-mail written so far: its recipients and parsed text. */
  async function mails() {
    let names;
    try {
      names = (await readdir(mailDir)).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
    return Promise.all(
      names.map(async (name) => {
        const parsed = await simpleParser(await readFile(path.join(mailDir, name)));
        const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((entry) =>
          entry.value.map((value) => ({ address: value.address ?? '', name: value.name ?? '' })),
        );
        return {
          name,
          to,
          subject: parsed.subject ?? '',
          text: `${parsed.text ?? ''}\n${parsed.html || ''}`,
        };
      }),
    );
  }
  const mailsTo = async (address) =>
    (await mails()).filter((mail) => mail.to.some((to) => to.address === address));
  async function waitForMails(predicate, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await mails()).filter(predicate);
      if (found.length > 0 || Date.now() > deadline) return found;
      await sleep(250);
    }
  }
  /** A browser of the staff inbox from one client address: keeps the session cookie (`token`). */
  function staffClient(ip) {
    let cookie = '';
    const request = async (method, url, body, headers = {}) => {
      const response = await fetch(`${server.origin}${url}`, {
        method,
        headers: {
          'x-forwarded-for': ip,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(method === 'GET' ? {} : { origin: server.origin }),
          ...(cookie ? { cookie: `indbakke=${cookie}` } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const set = cookieValue(response.headers.getSetCookie(), 'indbakke');
      if (set !== null) cookie = set;
      const text = await response.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0), json };
    };
    return {
      request,
      /** The session cookie's value, to keep it or plant another. */
      get token() {
        return cookie;
      },
      set token(value) {
        cookie = value;
      },
      logIn: (email, secret = password) => request('POST', '/api/staff/login', { email, password: secret }),
      /** The enrolment secret this session is shown (the QR code's otpauth:// URL). */
      enrolment: async () => (await request('GET', '/api/staff/totp/enrolment')).json?.otpauthUrl,
    };
  }

  return { origin: server.origin, call, token, mails, mailsTo, waitForMails, staffClient };
}

/**
 * Every open emergency closed with the bulk change (which tells no customer), so an attack's own
 * emergencies are the only ones waiting: no earlier one pages, digests or moves the site into
 * surge. The bulk change's status (200 when there was nothing to close) and how many it closed.
 *
 * @param {{ request(method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> }} staff
 *   a koordinator's session
 */
export async function closeOpenEmergencies(staff) {
  const open = [];
  for (const status of ['new', 'in-progress']) {
    const page = await staff.request('GET', `/api/staff/leads?kind=akut-skade&status=${status}&limit=100`);
    open.push(...(page.json?.leads ?? []).map((row) => row.id));
  }
  if (open.length === 0) return { status: 200, closed: 0 };
  const bulk = await staff.request('POST', '/api/staff/leads/status', { ids: open, status: 'done' });
  return { status: bulk.status, closed: open.length };
}
