/**
 * The erasure attack (npm run abuse): erasing one person's personal data must not take the mails
 * of an address that ends the same way, and erasing a tail of the company's address (t@ its
 * domain) must take nothing.
 */
import { company } from '../../domain/company.ts';
import { attackResult, mentionsAddress, sleep } from '../abuse-lib.mjs';
import { contact } from './attack-kit.mjs';

const ann = 'ann@target.example';
const joann = 'joann@target.example';

/**
 * Posts the two leads the erasure attack needs, before the staff attacks: their mails are written
 * while those run.
 *
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {string[]} tokens
 */
export async function postErasureLeads({ call }, tokens) {
  // Two leads whose addresses differ only in a prefix: their mails are written while the staff
  // attacks run, and the erasure attack (the last staff one) erases one of them.
  return [
    await call('POST', '/api/leads', '203.0.113.150', { ...contact(ann), formToken: tokens.pop() }),
    await call('POST', '/api/leads', '203.0.113.151', { ...contact(joann), formToken: tokens.pop() }),
  ];
}

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {{ status: number }[]} erasureLeads the answers to postErasureLeads
 */
export async function erasureAttack(staff, { mails, waitForMails }, results, erasureLeads) {
  // S7. Erasing one person must not take the mails of an address that ends the same way.
  {
    const concerning = (mail, address) =>
      mail.to.some((to) => to.address.toLowerCase() === address) || mentionsAddress(mail.text, address);
    await waitForMails((mail) => mail.to.some((to) => to.address === ann));
    await waitForMails((mail) => mail.to.some((to) => to.address === joann));
    await sleep(1_500);
    const before = await mails();
    const annBefore = before.filter((mail) => concerning(mail, ann)).length;
    const joannNames = before.filter((mail) => concerning(mail, joann)).map((mail) => mail.name);
    const erased = await staff.request('POST', '/api/staff/personal-data/erase', {
      email: ann,
      confirm: ann,
    });
    const after = await mails();
    const annAfter = after.filter((mail) => concerning(mail, ann)).length;
    const names = new Set(after.map((mail) => mail.name));
    const toCompany = after.filter((mail) => mail.to.some((to) => to.address === company.email)).length;
    const joannKept = joannNames.filter((name) => names.has(name)).length;
    const tail = `t@${company.email.split('@')[1]}`;
    const tailErase = await staff.request('POST', '/api/staff/personal-data/erase', {
      email: tail,
      confirm: tail,
    });
    const afterTail = new Set((await mails()).map((mail) => mail.name));
    const lostToTail = [...names].filter((name) => !afterTail.has(name)).length;
    results.push(
      attackResult(
        'erasure of the wrong mail',
        erasureLeads.every((lead) => lead.status === 201) &&
          erased.status === 200 &&
          annBefore > 0 &&
          annAfter === 0 &&
          joannNames.length > 0 &&
          joannKept === joannNames.length &&
          tailErase.status !== 500 &&
          lostToTail === 0,
        `ann: ${annBefore} → ${annAfter} mails; joann: ${joannKept} of ${joannNames.length} kept; erasing ${tail} (${tailErase.status}) took ${lostToTail} of ${names.size} (${toCompany} to ${company.email})`,
      ),
    );
  }
}
