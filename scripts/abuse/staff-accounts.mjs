/**
 * The staff accounts the abuse run attacks: added to the throwaway data folder with
 * `npm run staff -- add` before the server starts, all with one random password. The accounts
 * whose attacks need a koordinator's rights (erasure, the audit log) are koordinator; `rota` is a
 * medarbejder, who tries to take over the on-call rota.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { root } from '../built-site.mjs';

export const password = `abuse-${randomBytes(12).toString('hex')}`;
export const staffAccounts = {
  reuse: 'reuse.staff@staff.example',
  stolen: 'stolen.staff@staff.example',
  guessed: 'guessed.staff@staff.example',
  fixed: 'fixed.staff@staff.example',
  rota: 'rota.staff@staff.example',
};

/** The role each account is made with (medarbejder unless listed). */
const roles = {
  [staffAccounts.reuse]: 'koordinator',
  [staffAccounts.stolen]: 'koordinator',
  [staffAccounts.guessed]: 'koordinator',
  [staffAccounts.fixed]: 'koordinator',
};

/** The koordinators' mobile numbers: a number is one active account's only. */
const phones = {
  [staffAccounts.reuse]: '20 12 34 56',
  [staffAccounts.stolen]: '20 12 34 57',
  [staffAccounts.guessed]: '20 12 34 58',
  [staffAccounts.fixed]: '20 12 34 59',
};

/** Adds one staff account to the database in `dataDir` (`npm run staff -- add`, the password on stdin). */
export function addStaff(dataDir, email) {
  const env = { ...process.env, DATA_DIR: dataDir };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'S3_ENDPOINT', 'S3_BUCKET']) delete env[key];
  const role = roles[email] ?? 'medarbejder';
  // The koordinators have mobile numbers: the medarbejder's rota attack must not be able to read them.
  const phone = phones[email] ? ['--phone', phones[email]] : [];
  const args = ['scripts/staff.mjs', 'add', email, '--name', 'Abuse Test', '--role', role, ...phone];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(`${password}\n`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm run staff -- add ${email} failed (${code}):\n${output}`));
    });
  });
}
