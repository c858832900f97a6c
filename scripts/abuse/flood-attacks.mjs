/**
 * Floods (npm run abuse): receipts to many visitor addresses past the hourly cap, and upload URLs
 * past the budget of bytes waiting to be attached.
 */
import { attackResult, sleep } from '../abuse-lib.mjs';
import { contact } from './attack-kit.mjs';

/**
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {{ receiptCap: number, uploadPendingMb: number }} limits the server's settings
 */
export async function floodAttacks({ call, token, mails }, results, { receiptCap, uploadPendingMb }) {
  // 6. The hourly cap on receipts: flood from many addresses and IPs.
  {
    const extra = [];
    for (let index = 0; index < 45; index++) extra.push(await token(`192.0.2.${index}`));
    await sleep(3_200);
    let stored = 0;
    for (let index = 0; index < 45; index++) {
      const answer = await call('POST', '/api/leads', `192.0.2.${index}`, {
        ...contact(`flood-${index}@example.dk`),
        formToken: extra[index],
      });
      if (answer.status === 201) stored++;
    }
    await sleep(6_000);
    const all = await mails();
    const toVisitors = all.filter((mail) => mail.to.every((to) => to.address.endsWith('@example.dk'))).length;
    const staff = all
      .filter((mail) => mail.text.includes('flood-'))
      .filter((mail) => !mail.to.some((to) => to.address.startsWith('flood-'))).length;
    results.push(
      attackResult(
        'hourly cap on visitor mail',
        toVisitors <= receiptCap && staff === stored,
        `${toVisitors} e-mails to visitor addresses (cap ${receiptCap}); ${staff} of ${stored} stored flood leads reached staff`,
      ),
    );
  }

  // 7. Upload flood: bytes waiting to be attached, per IP (its share: 5 % of the budget) and site-wide.
  {
    const ask = (ip) =>
      call('POST', '/api/objects/upload', ip, { contentType: 'image/jpeg', size: 10 * 1024 * 1024 });
    const first = [];
    for (let index = 0; index < 25; index++) first.push((await ask('203.0.113.200')).status);
    const perIp = first.indexOf(429);
    const site = [];
    for (let index = 0; index < uploadPendingMb / 10 + 4 && !site.includes(503); index++)
      site.push((await ask(`203.0.113.${210 + index}`)).status);
    const granted =
      first.filter((status) => status === 200).length + site.filter((status) => status === 200).length;
    const held = perIp >= 0 && perIp <= 20 && site.includes(503) && granted * 10 <= uploadPendingMb;
    results.push(
      attackResult(
        'upload flood past the budget',
        held,
        `one IP refused (429) after ${perIp} URLs; site-wide 503 after ${granted * 10} MB declared (cap ${uploadPendingMb} MB)`,
      ),
    );
  }
}
