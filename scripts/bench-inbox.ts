/**
 * The inbox at 100,000 leads: server time of the list queries (first page, a deep page by
 * cursor, a kind+status filter, a date range, free-text searches by name, address, phone,
 * reference without its dash, claim number and insurer), with photo and message counts per row, measured
 * around the service call that the API route makes. Run by scripts/bench-inbox.mjs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../server/db/client.ts';
import { listLeads, type LeadFilter } from '../server/inbox/leads.ts';

const leadCount = Number(process.env.BENCH_LEADS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 40);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchInbox(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-inbox-'));
  const database = await createDatabase({ dataDir, databaseUrl });
  try {
    const started = Date.now();
    // Leads over the last two years, of every kind and status, with Danish-looking fields; each
    // city has leads of every kind.
    await database.db.execute(sql`
      insert into leads (kind, pages_on_call, reference, name, email, phone, status, details, created_at, last_contact_at)
      select
        (array['kontakt','anmeldelse','akut-skade','ressource'])[1 + i % 4],
        i % 4 = 2,
        'SK-' || lpad(to_hex(i), 6, '0'),
        (array['Anne','Bo','Carl','Dorte','Erik','Frida'])[1 + i % 6] || ' ' ||
          (array['Hansen','Jensen','Nielsen','Pedersen','Holm'])[1 + (i / 7) % 5] || ' ' || i,
        'person' || i || '@example.dk',
        '+45' || lpad((20000000 + i)::text, 8, '0'),
        (array['new','in-progress','done','spam'])[1 + (i / 3) % 4],
        jsonb_build_object('adresse', 'Vej ' || (i % 300) || ', ' || (array['4000 Roskilde','2100 København Ø','8000 Aarhus C','5000 Odense C'])[1 + (i / 4) % 4],
                           'skadetype', (array['vandskade','brandskade','skybrudsskade','indbrud'])[1 + i % 4],
                           'besked', 'Vand i kælderen efter skybrud nr. ' || i,
                           'forsikringsselskab', (array['Tryg','Codan','Topdanmark','Alm. Brand','If'])[1 + i % 5],
                           'policeNr', 'POL-' || (700000 + i),
                           'skadeNr', 'SKN-' || (300000 + i)),
        now() - (i || ' minutes')::interval * 6,
        now() - (i || ' minutes')::interval * 6
      from generate_series(1, ${leadCount}) as i`);
    // Photos with every tenth lead (1–3 each), so the list's photo counts have rows to count.
    await database.db.execute(sql`
      insert into lead_images (lead_id, position, object_key, content_type, bytes)
      select id, p, 'uploads/bench-' || id || '-' || p, 'image/jpeg', 100000
      from (select id, row_number() over () as n from leads) as numbered
      cross join generate_series(0, 2) as p
      where n % 10 = 0 and p < 1 + n % 3`);
    // A customer thread with every fifth lead (1–4 messages each), for the list's message counts.
    await database.db.execute(sql`
      insert into lead_messages (lead_id, direction, channel, body, created_at)
      select id, 'out', 'case-page', 'Vi ringer i dag.', now()
      from (select id, row_number() over () as n from leads) as numbered
      cross join generate_series(0, 3) as m
      where n % 5 = 0 and m < 1 + n % 4`);
    // A damage stop with every 50th lead, 2 to 20 days ago, the report sent after every other one;
    // drying started with every 100th: the open clocks the overdue filters look through.
    await database.db.execute(sql`
      insert into lead_milestones (lead_id, kind, at)
      select id, k.kind, now() - ((2 + n % 19) || ' days')::interval + k.after
      from (select id, row_number() over () as n from leads) as numbered
      cross join (values ('skadestop', interval '0 hours'), ('rapport-sendt', interval '20 hours'), ('affugtning-startet', interval '1 hour')) as k(kind, after)
      where (k.kind = 'skadestop' and n % 50 = 0) or (k.kind = 'rapport-sendt' and n % 100 = 0)
        or (k.kind = 'affugtning-startet' and n % 100 = 50)`);
    // Most milestones belong to cases long finished: on the way, on site and closed with every
    // fifth other lead, so the filters look for their few thousand starts among 60,000 rows.
    await database.db.execute(sql`
      insert into lead_milestones (lead_id, kind, at)
      select id, k.kind, created_at + k.after
      from (select id, created_at, row_number() over () as n from leads) as numbered
      cross join (values ('paa-vej', interval '20 minutes'), ('paa-adressen', interval '1 hour'), ('afsluttet', interval '3 days')) as k(kind, after)
      where n % 5 = 1 and n % 50 <> 0`);
    await database.db.execute(sql`analyze lead_milestones`);
    await database.db.execute(sql`analyze leads`);
    await database.db.execute(sql`analyze lead_images`);
    await database.db.execute(sql`analyze lead_messages`);
    const seeded = ((Date.now() - started) / 1000).toFixed(1);

    // The staff member asking (no leads are assigned in the bench, so nobody in particular).
    const benchViewer = '00000000-0000-4000-8000-000000000000';
    const deps = {
      db: database.db,
      storage: { signedReadUrl: async () => '' },
    };
    const deepCursor = await (async () => {
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++)
        cursor = (await listLeads(deps, { cursor }, benchViewer)).nextCursor ?? undefined;
      return cursor;
    })();
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, LeadFilter & { cursor?: string }][] = [
      ['first page', {}],
      ['page 21 by cursor', { cursor: deepCursor }],
      ['kind + status', { kind: 'akut-skade', status: 'new' }],
      ['last 30 days', { from: monthAgo, to: today }],
      ['search: name', { q: 'Dorte Holm 9' }],
      ['search: address + kind', { q: 'Roskilde', kind: 'anmeldelse' }],
      ['search: phone', { q: '20 01 23 45' }],
      ['search: reference without dash', { q: 'sk003039' }],
      ['search: claim number', { q: 'SKN-312345' }],
      ['search: insurer + kind', { q: 'Topdanmark', kind: 'anmeldelse' }],
      ['Rapport forfalden', { overdue: 'rapport-sendt' }],
      ['Fugtmåling forfalden', { overdue: 'fugtmaaling' }],
    ];
    const rows = [];
    for (const [name, filter] of cases) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const t0 = performance.now();
        await listLeads(deps, filter, benchViewer);
        times.push(performance.now() - t0);
      }
      rows.push({
        database: label,
        case: name,
        'p50 ms': Number(percentile(times, 50).toFixed(1)),
        'p95 ms': Number(percentile(times, 95).toFixed(1)),
      });
    }
    return { rows, seeded };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
