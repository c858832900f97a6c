/**
 * Attacks through the public lead forms (npm run abuse): the receipt as a relay, one form token
 * for many leads, +tag addresses past the per-address limit, a burst across the turn of a minute,
 * and a person with autofill who must still get the requested PDF.
 */
import { attackResult, sleep } from '../abuse-lib.mjs';
import { contact, resource } from './attack-kit.mjs';

/**
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {string[]} tokens form tokens old enough for the time trap; each attack takes its own
 */
export async function leadFormAttacks({ call, token, mailsTo, waitForMails }, results, tokens) {
  // 1. The receipt as a relay: the attacker's words to the victim's address.
  {
    const relay = 'Din konto er spærret. Ring straks 70 70 70 70';
    const victim = 'relay.victim@example.dk';
    const answer = await call('POST', '/api/leads', '203.0.113.1', {
      ...contact(victim, { name: relay, message: `${relay} https://phish.example/login` }),
      formToken: tokens.pop(),
    });
    const [receipt] = await waitForMails((mail) => mail.to.some((to) => to.address === victim));
    const leaked =
      !receipt ||
      receipt.text.includes('spærret') ||
      receipt.text.includes('phish') ||
      receipt.to[0].name !== '';
    results.push(
      attackResult(
        'relay text in the receipt',
        answer.status === 201 && !leaked,
        receipt ? 'receipt carries only our wording, bare address' : 'no receipt arrived',
      ),
    );
  }

  // 2. One token for many leads.
  {
    const reused = tokens.pop();
    const statuses = [];
    for (let index = 0; index < 8; index++) {
      statuses.push(
        (
          await call('POST', '/api/leads', `203.0.113.${10 + index}`, {
            ...contact(`reuse-${index}@example.dk`),
            formToken: reused,
          })
        ).status,
      );
    }
    await waitForMails((mail) => mail.to.some((to) => to.address === 'reuse-0@example.dk'));
    await sleep(1_500);
    let reached = 0;
    for (let index = 0; index < 8; index++) reached += (await mailsTo(`reuse-${index}@example.dk`)).length;
    results.push(
      attackResult(
        'token reuse',
        reached === 1 && statuses.every((status) => status === 201),
        `${reached} of 8 leads with one token reached their address`,
      ),
    );
  }

  // 3. +tag: victim+1@…, victim+2@… to get past the per-address limit (5 a minute).
  {
    const statuses = [];
    for (let index = 0; index < 10; index++) {
      statuses.push(
        (
          await call('POST', '/api/leads', `203.0.113.${40 + index}`, {
            ...contact(`tagged+${index}@example.dk`),
            formToken: tokens.pop(),
          })
        ).status,
      );
    }
    const accepted = statuses.filter((status) => status === 201).length;
    results.push(
      attackResult('+tag bypass of the per-address limit', accepted <= 5, `${accepted} of 10 accepted`),
    );
  }

  // 4. A burst across the turn of a minute (a fixed window let 20 through in 1.6 s).
  {
    const msInMinute = () => Date.now() % 60_000;
    if (msInMinute() < 58_500) await sleep(58_500 - msInMinute());
    else await sleep(60_000 - msInMinute() + 58_500);
    const ip = '203.0.113.99';
    const statuses = [];
    const started = Date.now();
    for (let index = 0; index < 10; index++)
      statuses.push(
        (
          await call('POST', '/api/contact', ip, {
            ...contact(`burst-a${index}@example.dk`),
            formToken: tokens.pop(),
          })
        ).status,
      );
    if (msInMinute() > 1_000) await sleep(60_000 - msInMinute() + 200);
    for (let index = 0; index < 10; index++)
      statuses.push(
        (
          await call('POST', '/api/contact', ip, {
            ...contact(`burst-b${index}@example.dk`),
            formToken: tokens.pop(),
          })
        ).status,
      );
    const accepted = statuses.filter((status) => status === 201).length;
    results.push(
      attackResult(
        'burst through a fixed window',
        accepted <= 10,
        `${accepted} of 20 accepted in ${((Date.now() - started) / 1000).toFixed(1)} s (limit 10 a minute)`,
      ),
    );
  }

  // 5. A person with autofill: page open 4 s, the resource dialog filled and sent at once.
  {
    const email = 'autofill.person@example.dk';
    const pageToken = await token('203.0.113.250');
    await sleep(4_000);
    const answer = await call('POST', '/api/leads', '203.0.113.250', resource(email, pageToken));
    const delivered = await waitForMails((mail) => mail.to.some((to) => to.address === email), 20_000);
    results.push(
      attackResult(
        'autofill-fast resource request gets its PDF',
        answer.status === 201 && delivered.length === 1,
        delivered.length ? 'the PDF e-mail arrived' : 'no PDF e-mail (filed as spam?)',
      ),
    );
  }
}
