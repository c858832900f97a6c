/**
 * Attacks at the HTTP edges (npm run abuse), on a second built server of their own that logs every
 * request (LOG_LEVEL=info), with the settings scripts/abuse.mjs gives both servers (TRUST_PROXY=true:
 * the attacks' connection stands for the one proxy, 10 leads per IP a minute, spam checks on):
 * leads with forged first X-Forwarded-For entries, a real case link's key reaching the log
 * through an escaped path, and URLs the router cannot decode.
 */
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';
import { startBuiltServer } from '../built-site.mjs';
import { attackKit, contact } from './attack-kit.mjs';

const client = '203.0.113.77';
const forgedLeads = 12;
const perIpLimit = 10;

/**
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {string} password the staff accounts' password (the kit needs one; no one logs in here)
 */
export async function httpEdgeAttacks(results, password) {
  const server = await startBuiltServer('abuse-edge-data-', { logLevel: 'info' });
  try {
    if (!isLoopback(server.origin)) throw new Error(`refusing to attack ${server.origin}: loopback only`);
    await attacks(server, attackKit(server, password), results);
  } finally {
    await server.stop();
  }
}

async function attacks(server, { call, token, waitForMails }, results) {
  // Tokens fetched now are old enough for the time trap (3 s) by the time they are used.
  const tokens = [];
  for (let index = 0; index <= forgedLeads; index++) tokens.push(await token(client));
  await sleep(3_200);

  // Twelve leads from one client, each with another forged first X-Forwarded-For entry in front of
  // the entry the proxy appended.
  {
    const statuses = [];
    for (let index = 0; index < forgedLeads; index++) {
      const answer = await call('POST', '/api/leads', `198.18.${index}.1, ${client}`, {
        ...contact(`edge-forged-${index}@example.dk`),
        formToken: tokens.pop(),
      });
      statuses.push(answer.status);
    }
    const stored = statuses.filter((status) => status === 201).length;
    results.push(
      attackResult(
        'forged X-Forwarded-For through one proxy',
        stored <= perIpLimit && statuses.includes(429),
        `${stored} of ${forgedLeads} leads stored, then ${statuses.filter((status) => status === 429).length} refused (429; ${perIpLimit} per IP)`,
      ),
    );
  }

  // A real case link, from the receipt of a lead from another client.
  const email = 'edge-case-link@example.dk';
  const lead = await call('POST', '/api/leads', '203.0.113.78', {
    ...contact(email),
    formToken: tokens.pop(),
  });
  const [receipt] = await waitForMails((mail) => mail.to.some((to) => to.address === email));
  const caseToken = receipt?.text.match(/\/sag\/([A-Za-z0-9_-]{43})/)?.[1];
  if (lead.status !== 201 || !caseToken) {
    results.push(
      attackResult('case link key in the log via /s%61g/…', false, 'no case link to try (setup failed)'),
    );
    return;
  }
  const oncallToken = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.9999999999.edgeSignatureXYZ';
  const get = (url, method = 'GET') =>
    fetch(`${server.origin}${url}`, {
      method,
      headers: { 'x-forwarded-for': '203.0.113.79' },
      redirect: 'manual',
    });

  // The case page and the on-call page through escaped and upper-case paths: the page opens; the
  // request log must not hold the key.
  {
    const opened = await get(`/s%61g/${caseToken}`);
    const html = await opened.text();
    const others = [
      await get(`/%73%61%67/${caseToken}`),
      await get(`/SAG/${caseToken}`),
      await get(`/v%61gt/${oncallToken}`),
      await get(`/VAGT/${oncallToken}`),
    ];
    await sleep(300);
    const log = server.output();
    const leaked = [caseToken, oncallToken].filter((key) => log.includes(key)).length;
    results.push(
      attackResult(
        'case link key in the log via /s%61g/…',
        leaked === 0 && log.includes('/sag/[skjult]') && log.includes('/vagt/[skjult]'),
        `/s%61g/<key> answered ${opened.status}${html.includes('Din sag') ? ' with the case page' : ''}, the others ${others.map((answer) => answer.status).join(', ')}; ${leaked} of 2 keys in the request log`,
      ),
    );
  }

  // URLs the router cannot decode, with the key in front of the bad escape.
  {
    const page = await get(`/sag/${caseToken}%ZZ`);
    const html = await page.text();
    const api = await get('/api/leads%ZZ', 'POST');
    const json = await api.text();
    await sleep(300);
    const policy = page.headers.get('content-security-policy') ?? '';
    const held =
      page.status === 400 &&
      html.includes('Adressen er ugyldig') &&
      !html.includes(caseToken) &&
      !html.includes('%ZZ') &&
      policy.includes("default-src 'none'") &&
      page.headers.get('x-frame-options') === 'DENY' &&
      api.status === 400 &&
      json.includes('Ugyldig forespørgsel') &&
      !json.includes('%ZZ') &&
      !server.output().includes(caseToken);
    results.push(
      attackResult(
        'undecodable URL (/sag/<key>%ZZ)',
        held,
        `page ${page.status} ${html.includes('Adressen er ugyldig') ? 'in Danish' : 'not ours'}, path ${html.includes('%ZZ') ? 'echoed' : 'not echoed'}, CSP ${policy ? 'set' : 'missing'}; API ${api.status} ${json.includes('%ZZ') ? 'echoing the path' : 'in Danish'}`,
      ),
    );
  }
}
