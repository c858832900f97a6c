/**
 * Attacks on the staff API with a logged-in session (npm run abuse): calls from a sibling host,
 * text injected into the audit log, and list parameters that name no real day or position.
 */
import { attackResult } from '../abuse-lib.mjs';

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 */
export async function staffApiAttacks(staff, { staffClient }, results) {
  // S4. The staff API called from a sibling host on the same site (the session cookie goes along).
  {
    const control = await staff.request('GET', '/api/staff/leads', undefined, {
      'sec-fetch-site': 'same-origin',
    });
    const statuses = [];
    for (const site of ['same-site', 'cross-site'])
      for (const url of ['/api/staff/leads/export.csv', '/api/staff/leads'])
        statuses.push((await staff.request('GET', url, undefined, { 'sec-fetch-site': site })).status);
    results.push(
      attackResult(
        'staff API from a sibling host',
        control.status === 200 && statuses.every((status) => status === 403),
        `inbox itself ${control.status}; same-site and cross-site list and CSV: ${statuses.join(' ')}`,
      ),
    );
  }

  // S5. A forged audit line: a newline and a right-to-left override in the login's e-mail.
  {
    const forged = 'x@staff.example\n2026-01-01 login admin@staff.example \u202Eok';
    const login = await staffClient('198.18.0.6').logIn(forged);
    let cursor = '';
    let rows = 0;
    let carried = 0;
    for (let page = 0; page < 5; page++) {
      const answer = await staff.request('GET', `/api/staff/audit${cursor ? `?cursor=${cursor}` : ''}`);
      if (answer.status !== 200) break;
      for (const entry of answer.json.entries) {
        rows++;
        const text = JSON.stringify(entry);
        if (text.includes('\u202E') || text.includes('\\u202e') || text.includes('2026-01-01 login'))
          carried++;
      }
      cursor = answer.json.nextCursor ?? '';
      if (!cursor) break;
    }
    results.push(
      attackResult(
        'text injected into the audit log',
        login.status === 400 && rows > 0 && carried === 0,
        `login ${login.status}; ${carried} of ${rows} audit rows carry the text`,
      ),
    );
  }

  // S6. List parameters that name no real day or position.
  {
    const bad = (text) => Buffer.from(text).toString('base64url');
    const uuid = '00000000-0000-4000-8000-000000000000';
    const urls = [
      `/api/staff/leads?cursor=${encodeURIComponent(`2026-02-30|${uuid}`)}`,
      `/api/staff/leads?cursor=${bad(`2026-02-30T10:00:00.000Z|${uuid}`)}`,
      '/api/staff/leads?to=9999-99-99',
      '/api/staff/leads?from=2026-02-30',
      `/api/staff/audit?cursor=${encodeURIComponent(`2026-02-30|${uuid}`)}`,
      `/api/staff/audit?cursor=${bad(`2026-02-30T10:00:00.000Z|${uuid}`)}`,
      `/api/staff/audit?cursor=${bad(`2026-03-01T24:00:00.000Z|${uuid}`)}`,
    ];
    const statuses = [];
    for (const url of urls) statuses.push((await staff.request('GET', url)).status);
    results.push(
      attackResult(
        'malformed list parameters',
        statuses.every((status) => status === 400),
        `${urls.length} lists with a 30 February, a 24:00 or 9999-99-99: ${statuses.join(' ')}`,
      ),
    );
  }
}
