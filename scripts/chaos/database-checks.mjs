/**
 * The chaos run's look into the database: which jobs a just-killed process had claimed
 * (PostgreSQL), and after the last stop the acknowledged leads, their jobs and amcheck.
 */
import { join } from 'node:path';
import pg from 'pg';

/**
 * Opens the run's database while no server runs: PostgreSQL when `databaseUrl` is set, else the
 * PGlite folder in `dataDir` (with the amcheck extension when asked).
 *
 * @returns {Promise<{ query: (text: string, values?: unknown[]) => Promise<any[]>, close: () => Promise<void> }>}
 */
export async function openDatabase({ dataDir, databaseUrl, withAmcheck = false }) {
  /** @type {(text: string, values?: unknown[]) => Promise<any[]>} */
  let query;
  let close;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.end();
  } else if (withAmcheck) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck');
    const client = new PGlite(join(dataDir, 'db'), { extensions: { amcheck } });
    await client.waitReady;
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.close();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(join(dataDir, 'db'));
    await client.waitReady;
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.close();
  }
  return { query, close };
}

/**
 * Right after a kill, on PostgreSQL: pending jobs with a lease are claimed by a process, and the
 * only one was just killed. (On PGlite the database cannot be opened beside the next start
 * without changing what that start finds; the server logs them instead.)
 *
 * @param {pg.Client | undefined} heldClient
 * @param {number[]} killTimes
 * @param {Map<string, number[]>} heldAtKill job id → the kills at which it was found claimed
 */
export async function noteHeldJobs(heldClient, killTimes, heldAtKill) {
  const killIndex = killTimes.length - 1;
  if (!heldClient) return;
  const { rows } = await heldClient.query(
    `select id::text as id from mail_jobs where status = 'pending' and locked_until is not null`,
  );
  for (const { id } of rows) heldAtKill.set(id, [...(heldAtKill.get(id) ?? []), killIndex]);
}

/**
 * Right after one of two copies was killed, on PostgreSQL: the pending mail jobs with a lease
 * belong to either copy, and no column says which. The living copy finishes or renews its claims
 * within moments (the SMTP server is on loopback); the dead copy's stay as they were until their
 * lease runs out. So the jobs claimed right after the kill and still pending with the same lease
 * `settleMs` later are the killed copy's.
 *
 * @param {pg.Client | undefined} heldClient
 * @param {number[]} killTimes
 * @param {Map<string, number[]>} heldAtKill job id → the kills at which it was found claimed
 */
export async function noteHeldJobsOfKilledCopy(heldClient, killTimes, heldAtKill, settleMs = 2_000) {
  const killIndex = killTimes.length - 1;
  if (!heldClient) return;
  const claimed = `select id::text as id, locked_until::text as lease from mail_jobs
                    where status = 'pending' and locked_until > now()`;
  const first = new Map((await heldClient.query(claimed)).rows.map((row) => [row.id, row.lease]));
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  for (const { id, lease } of (await heldClient.query(claimed)).rows)
    if (first.get(id) === lease) heldAtKill.set(id, [...(heldAtKill.get(id) ?? []), killIndex]);
}

/**
 * Opens the database after the server stopped: the acknowledged leads and their mail jobs, and
 * amcheck over every table and B-tree index (the database is consistent, not only readable).
 */
export async function inspectDatabase({ dataDir, databaseUrl, references, onCall: withPages = false }) {
  const { query, close } = await openDatabase({ dataDir, databaseUrl, withAmcheck: true });
  try {
    const leads = new Map();
    for (let i = 0; i < references.length; i += 1000) {
      const rows = await query(
        `select l.reference, j.id::text as job_id, j.kind, j.status
           from leads l left join mail_jobs j on j.lead_id = l.id
          where l.reference = any($1)`,
        [references.slice(i, i + 1000)],
      );
      for (const row of rows) {
        const lead = leads.get(row.reference) ?? { jobs: [] };
        if (row.job_id) lead.jobs.push({ id: row.job_id, kind: row.kind, status: row.status });
        leads.set(row.reference, lead);
      }
    }
    const [{ count }] = await query('select count(*)::int as count from leads');
    const jobs = await query('select id::text as id, kind, status from mail_jobs');
    const pages = withPages
      ? await query(
          `select l.reference, p.status, p.step, coalesce(array_length(p.chain, 1), 0)::int as "chainLength"
             from oncall_pages p join leads l on l.id = p.lead_id`,
        )
      : [];
    // What each page step owed a person, and the SMS that carried it (a single page or a digest:
    // a digest's row names no lead, only its notices do).
    const notices = withPages
      ? await query(
          `select l.reference, n.step, n.user_id::text as "userId", n.status, n.sms_id::text as "smsId"
             from oncall_page_notices n join leads l on l.id = n.lead_id`,
        )
      : [];
    const sms = withPages
      ? await query(
          `select s.id::text as id, l.reference, s.purpose, s.step, s.status
             from oncall_sms s left join leads l on l.id = s.lead_id`,
        )
      : [];

    let summary;
    let ok = true;
    try {
      await query('create extension if not exists amcheck');
      const tables = await query(
        `select c.oid::int as oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
      );
      const indexes = await query(
        `select c.oid::int as oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           join pg_am a on a.oid = c.relam
          where n.nspname = 'public' and c.relkind = 'i' and a.amname = 'btree'`,
      );
      let corrupt = 0;
      for (const table of tables) {
        const problems = await query('select * from verify_heapam($1)', [table.oid]);
        corrupt += problems.length;
      }
      for (const index of indexes) {
        try {
          await query('select bt_index_check($1, true)', [index.oid]);
        } catch (error) {
          corrupt++;
          console.log(`  amcheck: index ${index.relname}: ${error?.message ?? error}`);
        }
      }
      ok = corrupt === 0;
      summary = `opened; amcheck: ${tables.length} tables, ${indexes.length} indexes, ${corrupt} problems`;
    } catch (error) {
      ok = !/corrupt|invalid|could not|mismatch/i.test(String(error?.message));
      summary = `opened; amcheck not run (${String(error?.message ?? error).slice(0, 120)})`;
    }
    return { leads, totalLeads: count, jobs, pages, notices, sms, ok, summary };
  } finally {
    await close();
  }
}
