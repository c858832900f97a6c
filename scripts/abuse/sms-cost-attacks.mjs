/**
 * Staff costing the company by SMS (npm run abuse), each from one staff session on customers of
 * its own (postcode 9990, so no other group's leads are chosen):
 *
 * - one message of 2,000 "€" by SMS (each "€" is two GSM-7 units: 27 billed parts): refused with
 *   the count, nothing written;
 * - 5 close/reopen cycles and 5 visit moves on one emergency in seconds: one status SMS at most
 *   (the e-mails and the case page tell each change);
 * - a batch update pressed 3 times with one preview, to two leads sharing one phone and a third:
 *   sent once, one SMS per phone; a send without a preview is refused;
 * - SMS messages until the day's budget is spent (SMS_DAILY_PARTS_MAX, set low here before the
 *   server starts): refused beyond it in Danish, never more parts than the budget, and one
 *   warning e-mail to the company at 80 %.
 *
 * About 60 requests; loopback only.
 */
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';
import { emergencyFrom } from './attack-kit.mjs';

/** Low enough to spend in a few requests; the earlier groups' customer SMS count towards it. */
export const smsDailyPartsMax = 60;
process.env.SMS_DAILY_PARTS_MAX ??= String(smsDailyPartsMax);

const euro2000Parts = 27;

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a koordinator's session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 */
export async function smsCostAttacks(staff, kit, results) {
  if (!isLoopback(kit.origin)) throw new Error(`refusing to attack ${kit.origin}: loopback only`);
  const ips = ['203.0.113.231', '203.0.113.232', '203.0.113.233', '203.0.113.234'];
  const tokens = [];
  for (const ip of ips) tokens.push(await kit.token(ip));
  await sleep(3_200); // the form tokens' time trap
  const emergency = async (index, phone) => {
    const sender = {
      name: `Sofie Sms${index}`,
      address: `Havnevej ${index + 1}, 9990 Skagen`,
      phone,
      email: `sofie.sms${index}@target.example`,
    };
    const response = await kit.call(
      'POST',
      '/api/leads',
      ips[index],
      emergencyFrom(sender, { formToken: tokens[index] }),
    );
    return response.json?.id;
  };
  const first = await emergency(0, '20 30 40 61');
  const second = await emergency(1, '20 30 40 62');
  const third = await emergency(2, '20 30 40 63');
  const thread = async (id) =>
    (await staff.request('GET', `/api/staff/leads/${id}/messages`)).json?.messages ?? [];

  // One message of 2,000 euro signs.
  {
    const before = (await thread(first)).length;
    const response = await staff.request('POST', `/api/staff/leads/${first}/messages`, {
      text: '€'.repeat(2000),
      channel: 'sms',
    });
    const after = (await thread(first)).length;
    results.push(
      attackResult(
        'an SMS of 2,000 "€" (27 billed parts)',
        response.status === 400 &&
          response.json?.message?.includes(`${euro2000Parts} sms-dele`) &&
          after === before,
        `${response.status}: ${response.json?.message ?? '?'}; messages written: ${after - before}`,
      ),
    );
  }

  // Close/reopen and visit moves.
  {
    const statuses = [];
    for (let round = 0; round < 5; round++) {
      statuses.push((await staff.request('PATCH', `/api/staff/leads/${second}`, { status: 'done' })).status);
      statuses.push(
        (await staff.request('PATCH', `/api/staff/leads/${second}`, { status: 'in-progress' })).status,
      );
      statuses.push(
        (
          await staff.request('PUT', `/api/staff/leads/${second}/visit`, {
            visitAt: `2026-12-0${round + 1}T10:00`,
          })
        ).status,
      );
    }
    const messages = await thread(second);
    const bySms = messages.filter((message) => message.sms !== null).length;
    results.push(
      attackResult(
        '5 close/reopen cycles and 5 visit moves on one customer',
        statuses.every((status) => status === 200) && messages.length === 10 && bySms <= 1,
        `changes ${statuses.filter((status) => status === 200).length}/15 accepted; messages ${messages.length} (e-mail each), by SMS ${bySms}`,
      ),
    );
  }

  // A batch pressed three times; two of its leads share one phone.
  {
    const fourth = await emergency(3, '20 30 40 61');
    const selection = { postcodePrefix: '9990' };
    const text = 'Vi har mange henvendelser i aften. Vi har din sag {reference} og ringer, så snart vi kan.';
    const unnamed = await staff.request('POST', '/api/staff/messages/batch', { selection, text });
    const preview = await staff.request('POST', '/api/staff/messages/batch/preview', { selection, text });
    const previewId = preview.json?.previewId;
    const presses = [];
    for (let press = 0; press < 3; press++) {
      presses.push(await staff.request('POST', '/api/staff/messages/batch', { selection, text, previewId }));
    }
    const sent = presses.filter((press) => press.status === 201);
    const refusedAgain = presses.slice(1).every((press) => press.status === 400);
    const phones = new Set(['20 30 40 61', '20 30 40 62', '20 30 40 63']).size;
    results.push(
      attackResult(
        'a batch update pressed 3 times (two leads on one phone)',
        Boolean(fourth) &&
          unnamed.status === 400 &&
          preview.status === 200 &&
          preview.json?.count === 4 &&
          preview.json?.sms === phones &&
          sent.length === 1 &&
          sent[0].json?.sms === phones &&
          refusedAgain,
        `without a preview ${unnamed.status}; preview ${preview.json?.count} leads, ${preview.json?.sms} SMS, ${preview.json?.parts} parts; presses ${presses.map((press) => press.status).join(', ')}; sent ${sent[0]?.json?.sms ?? 0} SMS, ${sent[0]?.json?.parts ?? 0} parts; again: ${presses[1]?.json?.message ?? '?'}`,
      ),
    );
  }

  // SMS until the day's budget is spent.
  {
    const sixParts = 'a'.repeat(800);
    let accepted = 0;
    let refusal;
    for (let attempt = 0; attempt < 15 && !refusal; attempt++) {
      const response = await staff.request('POST', `/api/staff/leads/${third}/messages`, {
        text: sixParts,
        channel: 'sms',
      });
      if (response.status === 201) accepted++;
      else refusal = response;
    }
    const warnings = await kit.waitForMails((mail) => mail.subject?.startsWith('SMS til kunder:'), 10_000);
    const spent = /(\d+) af (\d+) sms-dele er brugt/.exec(refusal?.json?.message ?? '');
    results.push(
      attackResult(
        `SMS until the day's budget (SMS_DAILY_PARTS_MAX=${process.env.SMS_DAILY_PARTS_MAX}) is spent`,
        refusal?.status === 400 &&
          Boolean(spent) &&
          Number(spent?.[1]) <= Number(process.env.SMS_DAILY_PARTS_MAX) &&
          warnings.length === 1,
        `${accepted} SMS of 6 parts accepted, then ${refusal?.status ?? 'none refused'}: ${refusal?.json?.message ?? '?'}; warning e-mails: ${warnings.length}`,
      ),
    );
  }
}
