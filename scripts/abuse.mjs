#!/usr/bin/env node
// npm run abuse: replays known attacks on the public side and on the staff login and staff API
// against the BUILT site (npm run build first), started here on 127.0.0.1 with a throwaway
// DATA_DIR (staff accounts added there first with `npm run staff -- add`), e-mail written as .eml
// files there. Prints held/failed per attack and exits 1 if any failed. Bounded: about 300
// requests, at most about three minutes (one attack waits for the turn of a minute).
//
// Each attack comes from its own made-up client address (TRUST_PROXY=true, X-Forwarded-For), so
// the per-IP limit of one does not decide another.
//
// The attacks are in scripts/abuse/, one file per group: staff-login-attacks.mjs,
// staff-api-attacks.mjs, erasure-attack.mjs, second-factor-attacks.mjs, lead-form-attacks.mjs,
// flood-attacks.mjs, plain-form-attacks.mjs, paging-trust-attacks.mjs; attack-kit.mjs holds the
// requests and mail reading they share.
import { isLoopback, sleep, summary } from './abuse-lib.mjs';
import { attackKit } from './abuse/attack-kit.mjs';
import { erasureAttack, postErasureLeads } from './abuse/erasure-attack.mjs';
import { dataLeftoverAttacks } from './abuse/data-leftover-attacks.mjs';
import { floodAttacks } from './abuse/flood-attacks.mjs';
import { leadFormAttacks } from './abuse/lead-form-attacks.mjs';
import { plainFormAttacks } from './abuse/plain-form-attacks.mjs';
import { staffApiAttacks } from './abuse/staff-api-attacks.mjs';
import { addStaff, password, staffAccounts } from './abuse/staff-accounts.mjs';
import { staffLoginAttacks } from './abuse/staff-login-attacks.mjs';
import { secondFactorAttacks } from './abuse/second-factor-attacks.mjs';
import { rotaTakeoverAttacks } from './abuse/rota-takeover-attacks.mjs';
import { pagingTrustAttacks, preparePagingAccounts } from './abuse/paging-trust-attacks.mjs';
import { httpEdgeAttacks } from './abuse/http-edge-attacks.mjs';
import { queueSizeAttack } from './abuse/queue-size-attack.mjs';
import { prepareSmsTrustAccounts, smsTrustAttacks } from './abuse/sms-trust-attacks.mjs';
import { clientKeyAttacks } from './abuse/client-key-attacks.mjs';
import { emergencyTrustAttacks } from './abuse/emergency-trust-attacks.mjs';
import { smsCostAttacks } from './abuse/sms-cost-attacks.mjs';
import { startBuiltServer } from './built-site.mjs';

const receiptCap = 40;
const uploadPendingMb = 300;
Object.assign(process.env, {
  TRUST_PROXY: 'true',
  RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10',
  RECEIPT_MAIL_MAX_PER_HOUR: String(receiptCap),
  UPLOAD_PENDING_MAX_MB: String(uploadPendingMb),
  SPAM_CHECKS: 'on',
});

// Staff accounts, made before the server starts (the embedded database opens in one process).
let staffPhoneRefusal;
const server = await startBuiltServer('abuse-data-', {
  prepare: async (dataDir) => {
    for (const email of Object.values(staffAccounts)) await addStaff(dataDir, email);
    staffPhoneRefusal = await preparePagingAccounts(dataDir, password);
    await prepareSmsTrustAccounts(dataDir);
  },
});
if (!isLoopback(server.origin)) {
  await server.stop();
  throw new Error(`refusing to attack ${server.origin}: loopback only`);
}
const kit = attackKit(server, password);
const results = [];

// Tokens fetched now are old enough for the time trap (3 s) by the time they are used.
const tokens = [];
for (let index = 0; index < 60; index++) tokens.push(await kit.token(`198.51.100.${index % 50}`));
await sleep(3_200);

const erasureLeads = await postErasureLeads(kit, tokens);

try {
  // S1–S3: the staff login; S4–S6: the staff API with the session from S2; S7: erasure.
  const staff = await staffLoginAttacks(kit, results, staffAccounts);
  // While its on-call chain is the one prepared above (a later group sets its own).
  await pagingTrustAttacks(staff, kit, results, server.dataDir, staffPhoneRefusal);
  // 1–5: the lead forms, before the groups below send receipts of their own: the site's hourly
  // cap on visitor mail is shared, and these attacks need a receipt slot or two.
  await leadFormAttacks(kit, results, tokens);
  await emergencyTrustAttacks(staff, kit, results, server.dataDir);
  await smsTrustAttacks(staff, kit, results, server.dataDir);
  await smsCostAttacks(staff, kit, results);
  await staffApiAttacks(staff, kit, results);
  await erasureAttack(staff, kit, results, erasureLeads);
  await dataLeftoverAttacks(staff, kit, results, server.dataDir);
  await secondFactorAttacks(kit, results, staffAccounts, password);
  await rotaTakeoverAttacks(kit, results, staffAccounts.rota);
  // 6–7: floods; then the plain HTML forms.
  await floodAttacks(kit, results, { receiptCap, uploadPendingMb });
  await plainFormAttacks(kit, results);
  await (await import('./abuse/upload-budget-attacks.mjs')).uploadBudgetAttacks(results);
  await httpEdgeAttacks(results, password);
  await clientKeyAttacks(kit, results);
  await queueSizeAttack(staff, kit, results);
} finally {
  await server.stop();
}

const { text, failed } = summary(results);
process.stdout.write(text);
process.exit(failed > 0 ? 1 : 0);
