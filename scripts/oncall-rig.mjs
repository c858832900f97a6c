/**
 * What the runs that page people (npm run chaos -- --on-call, npm run storm) set up around the
 * server, and how their simulated staff use an SMS link: the fake GatewayAPI on 127.0.0.1
 * (server/test/fake-sms.ts), the server's SMS settings, the on-call chain written into the
 * database before the first lead, and posting a page's form as a phone does.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from './chaos/database-checks.mjs';
import { root } from './chaos/server-process.mjs';
import { bundleForNode } from './node-tools.mjs';

/**
 * Starts the fake GatewayAPI on 127.0.0.1 (bundled into `work`/app/dist). It records every SMS
 * with its recipient and arrival time (Date.now()) in `received`.
 *
 * @param {string} work the run's work folder
 * @param {{ port?: number }} [options] its port on 127.0.0.1 (a free one without)
 * @returns {Promise<import('../server/test/fake-sms.ts').FakeSmsProvider>}
 */
export async function startFakeGateway(work, options = {}) {
  const bundle = join(work, 'app', 'dist', 'fake-sms.mjs');
  await bundleForNode(join(root, 'server', 'test', 'fake-sms.ts'), bundle);
  const { startFakeSmsProvider } = await import(pathToFileURL(bundle).href);
  return startFakeSmsProvider('gatewayapi', options);
}

/**
 * The server's settings for paging through the fake gateway.
 *
 * @param {{ url: string; token: string }} gateway
 * @param {number} escalateSeconds ONCALL_ESCALATE_AFTER_SECONDS
 * @returns {Record<string, string>}
 */
export function gatewayEnv(gateway, escalateSeconds) {
  return {
    SMS_PROVIDER: 'gatewayapi',
    SMS_API_URL: gateway.url,
    SMS_API_TOKEN: gateway.token,
    ONCALL_ESCALATE_AFTER_SECONDS: String(escalateSeconds),
  };
}

/**
 * Staff members with phones and a chain of them in that order, in force from a minute ago (the
 * weekly handover far from now does not matter to a run), written while no server runs and
 * after its first start has migrated the database. Returns the users' ids in chain order.
 *
 * @param {{ dataDir: string; databaseUrl?: string; people: { email: string; name: string; phone: string }[]; createdBy: string }} options
 */
export async function setUpRota({ dataDir, databaseUrl, people, createdBy }) {
  const { query, close } = await openDatabase({ dataDir, databaseUrl });
  try {
    /** @type {string[]} */
    const ids = [];
    for (const person of people) {
      const [row] = await query(
        `insert into users (email, name, phone, password_hash) values ($1, $2, $3, 'not-used') returning id::text as id`,
        [person.email, person.name, person.phone],
      );
      ids.push(row.id);
    }
    await query(
      `insert into oncall_chains (effective_from, member_ids, handover_weekday, handover_hour, created_by)
       values (now() - interval '1 minute', $1::uuid[], 0, 8, $2)`,
      [ids, createdBy],
    );
    return ids;
  } finally {
    await close();
  }
}

/** The acknowledgement form's signed token on a /vagt/… page, if it shows the button. */
export function ackFormTokenIn(html) {
  return /name="formToken" value="([^"]+)"/.exec(html)?.[1];
}

/**
 * Posts a page's form as a phone's browser does: URL-encoded, with the site's Origin.
 *
 * @param {string} url where the form posts (on the server's loopback address)
 * @param {Record<string, string>} fields
 * @param {{ origin: string; headers?: Record<string, string>; timeoutMs?: number }} options
 */
export function postForm(url, fields, { origin, headers = {}, timeoutMs = 5_000 }) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
}
