/**
 * How long the server takes to answer the adjuster's page of a big case: 40 photos and 200 moisture
 * readings. Printed, not asserted (a timed assertion fails on a busy machine, not on slow code);
 * the test checks that the page shows all of it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { leadImages, leads, moistureReadings } from '../../db/schema.ts';
import { addStaff } from '../../staff/accounts.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { password, StaffClient } from '../../test/staff-client.ts';
import { staffTestAppOfBlock } from '../../test/staff-test-app.ts';

describeEachDatabase("the adjuster's page of a big case", (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true });
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    await addStaff(db(), { email: 'anna@example.dk', name: 'Anna Holm', password, role: 'koordinator' });
  });

  it('renders 40 photos and 200 readings, and prints the server time', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(emergencyBody()),
    });
    const [lead] = await db().select().from(leads).where(eq(leads.reference, response.json().reference));
    const leadId = lead!.id;
    await db()
      .insert(leadImages)
      .values(
        Array.from({ length: 40 }, (_, position) => ({
          leadId,
          position,
          objectKey: `test/big-${leadId}-${position}.jpg`,
          contentType: 'image/jpeg',
          bytes: 1_000_000,
        })),
      );
    const start = Date.now() - 200 * 3_600_000;
    await db()
      .insert(moistureReadings)
      .values(
        Array.from({ length: 200 }, (_, index) => ({
          leadId,
          room: `Rum ${index % 5}`,
          point: `Punkt ${index % 4}`,
          value: 40 - (index % 30),
          unit: 'pct' as const,
          at: new Date(start + index * 3_600_000),
        })),
      );
    const anna = new StaffClient(t.app);
    await anna.logIn('anna@example.dk');
    await anna.request('POST', `/api/staff/leads/${leadId}/adjuster-link`, {
      name: 'Mette',
      email: 'mette@tryg.dk',
    });
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const token = t.sent
      .map((mail) => mail.text.match(/\/taksator\/([A-Za-z0-9_-]{43})/)?.[1])
      .find(Boolean)!;

    const times: number[] = [];
    let html = '';
    for (let round = 0; round < 11; round += 1) {
      const began = process.hrtime.bigint();
      const page = await t.app.inject({ method: 'GET', url: `/taksator/${token}` });
      times.push(Number(process.hrtime.bigint() - began) / 1e6);
      expect(page.statusCode).toBe(200);
      html = page.body;
    }
    expect(html.match(/<img /g)).toHaveLength(40);
    // 200 readings in 20 tables of room and point (5 rooms × 4 points), each row a time.
    expect(html.match(/<caption>/g)).toHaveLength(20);
    expect(html.match(/<tr><td><time/g)).toHaveLength(200);
    const sorted = [...times.slice(1)].sort((a, b) => a - b);
    console.log(
      `[${target.kind}] adjuster page, 40 photos + 200 readings: median ${sorted[5]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (first open ${times[0]!.toFixed(1)} ms), ${html.length} bytes`,
    );
  });
});
