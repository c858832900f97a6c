/**
 * Attacks on who counts as one client, and on what the server leaves on disk (npm run abuse).
 *
 * - C1–C3: an IPv6 client uses a new address of its /64 for every request. Login waits, the lead
 *   limit and the routes' own rate limit must count the /64 as one client, as they count one
 *   IPv4 address (server/plugins/client-key.ts).
 * - C4: a second server, started as production runs (no FILE_COPIES_KEEP_LINKS, .eml files for
 *   mail), takes a lead; what it leaves in DATA_DIR is checked as another local user would meet
 *   it: folders they cannot enter, files they cannot read, and no case link's key in a mail copy.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { attackResult, sleep } from '../abuse-lib.mjs';
import { startBuiltServer } from '../built-site.mjs';
import { contact } from './attack-kit.mjs';

/** The nth address of one /64 (documentation prefix), never the same twice. */
const inSlash64 = (prefix, n) => `${prefix}::${(n + 1).toString(16)}`;
const tally = (statuses) =>
  Object.entries(
    statuses.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}),
  )
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

/** Every folder and file under `root` (itself included) with its permission bits. */
async function modesUnder(root) {
  const found = [];
  const visit = async (at) => {
    let info;
    try {
      info = await lstat(at);
    } catch {
      return; // deleted meanwhile (a mail's temporary file)
    }
    found.push({ path: path.relative(root, at) || '.', folder: info.isDirectory(), mode: info.mode & 0o777 });
    if (info.isDirectory())
      for (const name of await readdir(at).catch(() => [])) await visit(path.join(at, name));
  };
  await visit(root);
  return found;
}

/**
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 */
export async function clientKeyAttacks({ call, token, staffClient }, results) {
  // C1. 30 password guesses for one account, each from another address of one /64.
  {
    const statuses = [];
    for (let n = 0; n < 30; n++) {
      const guess = await staffClient(inSlash64('2001:db8:c1:1', n)).logIn(
        'ukendt.v6@staff.example',
        `gæt-${n}`,
      );
      statuses.push(guess.status);
    }
    const tried = statuses.filter((status) => status === 401).length;
    results.push(
      attackResult(
        'IPv6 /64: password guesses from new addresses',
        tried <= 5 && statuses.slice(5).every((status) => status === 429),
        `30 addresses of one /64: ${tally(statuses)} (5 tries, then the pair's wait)`,
      ),
    );
  }

  // C2. 25 leads in a minute, each from another address of one /64 (the limit is 10 a client).
  {
    const addresses = Array.from({ length: 25 }, (_, n) => inSlash64('2001:db8:c2:2', n));
    const tokens = [];
    for (const address of addresses) tokens.push(await token(address));
    await sleep(3_200); // the form token's time trap
    const statuses = [];
    for (const [n, address] of addresses.entries()) {
      const answer = await call('POST', '/api/leads', address, {
        ...contact(`v6-lead-${n}@example.dk`),
        formToken: tokens[n],
      });
      statuses.push(answer.status);
    }
    const taken = statuses.filter((status) => status === 201).length;
    results.push(
      attackResult(
        'IPv6 /64: leads from new addresses',
        taken <= 10 && statuses.slice(10).every((status) => status === 429),
        `25 leads in a minute from 25 addresses of one /64: ${tally(statuses)}`,
      ),
    );
  }

  // C3. The routes' own rate limit (60 case-page reads a minute) from 61 addresses of one /64.
  {
    const statuses = [];
    for (let n = 0; n < 61; n++)
      statuses.push((await call('GET', `/sag/${'x'.repeat(43)}`, inSlash64('2001:db8:c3:3', n))).status);
    results.push(
      attackResult(
        'IPv6 /64: page reads from new addresses',
        statuses[60] === 429,
        `61 reads of a case page from one /64: ${tally(statuses)}`,
      ),
    );
  }

  // C4. What a production server leaves on disk.
  {
    const spamChecks = process.env.SPAM_CHECKS;
    process.env.SPAM_CHECKS = 'off';
    const server = await startBuiltServer('abuse-at-rest-', { keepLinksInFiles: false, logLevel: 'info' });
    process.env.SPAM_CHECKS = spamChecks;
    try {
      const sent = await fetch(`${server.origin}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.240' },
        body: JSON.stringify(contact('at-rest@example.dk')),
      });
      const mailDir = path.join(server.dataDir, 'mail');
      let receipt;
      for (const deadline = Date.now() + 30_000; !receipt && Date.now() < deadline; await sleep(200)) {
        for (const name of (await readdir(mailDir).catch(() => [])).filter((file) => file.endsWith('.eml'))) {
          const text = (await readFile(path.join(mailDir, name), 'latin1')).replace(/=\r?\n/g, '');
          if (text.includes('/sag/')) receipt = text;
        }
      }
      const keyInCopy = receipt ? /\/sag\/[A-Za-z0-9_-]{43}/.test(receipt) : true;
      const modes = await modesUnder(server.dataDir);
      const openFolders = modes.filter((entry) => entry.folder && entry.mode !== 0o700);
      // PGlite makes the files it adds while running 0666; they lie in folders nobody else enters,
      // and are made owner-only when it closes.
      const openFiles = modes.filter((entry) => !entry.folder && (entry.mode & 0o077) !== 0);
      const openOutsideDb = openFiles.filter((entry) => !entry.path.startsWith(`db${path.sep}`));
      const fixedLine = /DATA_DIR is owner-only/.test(server.output());
      results.push(
        attackResult(
          'data at rest: another local user',
          sent.status === 201 &&
            Boolean(receipt) &&
            !keyInCopy &&
            openFolders.length === 0 &&
            openOutsideDb.length === 0 &&
            fixedLine,
          `${modes.filter((entry) => entry.folder).length} folders, all 0700 (${openFolders.length} not); ` +
            `${modes.length - modes.filter((entry) => entry.folder).length} files, ${openOutsideDb.length} readable by others outside the database ` +
            `(${openFiles.length} PGlite files 0666 inside it, unreachable); the receipt's copy shows ` +
            `${receipt ? (keyInCopy ? 'the case link with its key' : '/sag/[skjult]') : 'nothing (no receipt)'}`,
        ),
      );
    } finally {
      await server.stop();
    }
  }
}
