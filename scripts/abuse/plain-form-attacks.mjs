/**
 * Attacks on the plain HTML forms that work without JavaScript (npm run abuse): a form posted from
 * another site, and markup sent back in an answered form.
 */
import { attackResult, sleep } from '../abuse-lib.mjs';

/**
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 */
export async function plainFormAttacks({ origin, mailsTo }, results) {
  // The plain HTML form, posted from another site: no form cookie, a victim's address.
  {
    const victim = 'plain.relay.victim@example.dk';
    const response = await fetch(`${origin}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.230' },
      body: new URLSearchParams({
        name: 'Din konto er spærret',
        email: victim,
        service: 'andet',
        message: 'Ring straks https://phish.example/login',
      }),
      redirect: 'manual',
    });
    await sleep(2_000);
    const reached = (await mailsTo(victim)).length;
    results.push(
      attackResult(
        'plain form posted from another site',
        response.status === 303 && reached === 0,
        `answered ${response.status} like any form; ${reached} e-mails reached the address (filed as spam)`,
      ),
    );
  }

  // Markup in a plain form's field, sent back in the answered form.
  {
    const script = '<script>alert(document.cookie)</script>';
    const response = await fetch(`${origin}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.231' },
      body: new URLSearchParams({ name: script, email: 'ikke-en-adresse', message: script }),
      redirect: 'manual',
    });
    const html = await response.text();
    results.push(
      attackResult(
        'markup reflected by an answered form',
        response.status === 400 && !html.includes(script) && html.includes('&lt;script&gt;'),
        `answered ${response.status}; the text comes back ${html.includes(script) ? 'as markup' : 'escaped'}`,
      ),
    );
  }
}
