/**
 * The on-call page after "Jeg tager den", on PGlite and PostgreSQL: "Ringet op" from the phone
 * stamps the callback as the inbox does; the page shows who was paged, the description and the
 * inbox link; only the person who took it may stamp.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { auditLog, leads } from '../../db/schema.ts';
import { createLead } from '../../leads/create-lead.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { TEST_SIGNING_SECRET, type TestApp } from '../../test/test-app.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { ackFormToken, ackToken } from '../paging/ack-link.ts';
import { addOnCallStaff, annaThenBo } from '../../test/paging-app.ts';
import { createStaffTestApp } from '../../test/staff-test-app.ts';

const publicUrl = 'https://skade.example.dk';
const form = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'null',
  'sec-fetch-site': 'same-origin',
};
const formTokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? '';

describeEachDatabase('the on-call page once taken', (target) => {
  let t: TestApp;
  const clock = { now: new Date() };
  let ids: Map<string, string>;
  const sms: SmsTransport = { kind: 'file', send: async () => ({ ids: ['x'] }) };

  beforeEach(async () => {
    clock.now = new Date(Date.now() + 5_000);
    t = await createStaffTestApp(target, {
      env: { PUBLIC_URL: publicUrl },
      deps: { sms },
      oncall: { startWorker: false, clock: () => clock.now },
    });
    const byEmail = await addOnCallStaff(t.app.deps.db, annaThenBo, new Date(Date.now() - 60_000));
    ids = new Map([...byEmail].map(([email, id]) => [email.split('@')[0]!, id]));
  });
  afterEach(() => t.close());

  async function pagedEmergency() {
    const lead = await createLead({ ...t.app.deps, now: () => clock.now }, {
      ...emergencyBody(),
      besked: 'Vand i kælderen <b>op til</b> stikkontakterne.',
    } as never);
    await t.app.deps.oncall.worker.runDue(clock.now);
    return lead;
  }
  const pathOf = (leadId: string, who: string) =>
    `/vagt/${ackToken(TEST_SIGNING_SECRET, leadId, ids.get(who)!, clock.now)}`;
  const post = (url: string, formToken: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: form,
      payload: `formToken=${encodeURIComponent(formToken)}`,
    });

  it('offers "Ringet op" after "Jeg tager den", shows who was paged, the description and the inbox link', async () => {
    const lead = await pagedEmergency();
    const path = pathOf(lead.id, 'anna');
    const shown = await t.app.inject({ method: 'GET', url: path });
    const taken = await post(path, formTokenOf(shown.body));
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain(`Du har taget ${lead.reference}`);
    expect(taken.body).toContain('<button type="submit">Ringet op</button>');
    expect(taken.body).toMatch(/Sidet<\/h2><ul><li class="done">Anna Holm kl\. \d\d\.\d\d<\/li>/);
    expect(taken.body).toContain('Vand i kælderen &lt;b&gt;op til&lt;/b&gt; stikkontakterne.');
    expect(taken.body).toContain(`href="${publicUrl}/indbakke/henvendelse/${lead.id}"`);
    expect(taken.headers['content-security-policy']).toContain("default-src 'none'");

    // Opened again later, the page is the same (without the "just taken" note).
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('<button type="submit">Ringet op</button>');
    expect(again.body).not.toContain('De andre på vagt får besked');

    const called = await post(`${path}/ringet-op`, formTokenOf(again.body));
    expect(called.statusCode).toBe(200);
    expect(called.body).toMatch(/Ringet op kl\. \d\d\.\d\d af Anna Holm\./);
    expect(called.body).not.toContain('<button type="submit">Ringet op</button>');
    const [stored] = await t.app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored?.calledBackBy).toBe(ids.get('anna'));
    expect(stored?.calledBackAt).not.toBeNull();
    const audit = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.leadId, lead.id));
    expect(audit.map((row) => row.action)).toContain('lead-called-back');
  });

  it("lets only the person who took it stamp the call, and only with the page's own form token", async () => {
    const lead = await pagedEmergency();
    const anna = pathOf(lead.id, 'anna');
    const shown = await t.app.inject({ method: 'GET', url: anna });
    await post(anna, formTokenOf(shown.body));

    const forged = await post(`${anna}/ringet-op`, 'not-a-token');
    expect(forged.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `${anna}/ringet-op`,
      headers: { ...form, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: `formToken=${encodeURIComponent(formTokenOf(shown.body))}`,
    });
    expect(crossSite.statusCode).toBe(403);

    const bo = pathOf(lead.id, 'bo');
    const boPage = await t.app.inject({ method: 'GET', url: bo });
    expect(boPage.body).toContain('Taget af Anna Holm');
    // Bo holds a valid link and a valid form token of his own, but the case is Anna's.
    const boToken = bo.slice('/vagt/'.length);
    const notYours = await post(`${bo}/ringet-op`, ackFormToken(TEST_SIGNING_SECRET, boToken, clock.now));
    expect(notYours.statusCode).toBe(403);
    expect(notYours.body).toContain('Det er ikke din sag');
    const [stored] = await t.app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored?.calledBackAt).toBeNull();
  });
});
