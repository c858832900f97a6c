/**
 * A real IMAP server for tests: Debian's Dovecot (`dovecot-imapd`), started as a throwaway,
 * unprivileged process on 127.0.0.1 with its whole configuration, maildir, sockets and log in a
 * temporary directory, and stopped by its PID. One user with a plain password. When the binary is
 * missing the tests that need it are skipped with a message, except under CI=true, where `.ci/run`
 * installs it and a missing binary fails the run.
 *
 *   const imap = await startDovecot();
 *   await imap.append('INBOX', rawMessage);
 *   … INBOUND_IMAP_URL: imap.url …
 *   await imap.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

export const dovecotBinary = '/usr/sbin/dovecot';

/** Whether the IMAP tests can run here; under CI they must. */
export function dovecotAvailable(): boolean {
  if (existsSync(dovecotBinary)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`${dovecotBinary} is missing: install dovecot-imapd (.ci/run does)`);
  }
  console.warn(
    `IMAP tests skipped: ${dovecotBinary} not found (sudo apt-get install -y --no-install-recommends dovecot-imapd)`,
  );
  return false;
}

export interface Dovecot {
  /** imap://user:password@127.0.0.1:<port>/INBOX, as INBOUND_IMAP_URL takes it. */
  url: string;
  user: string;
  password: string;
  port: number;
  /** Puts a raw message (RFC 5322 text) into a mailbox, unseen. */
  append(mailbox: string, raw: string | Buffer, flags?: string[]): Promise<void>;
  /** The messages of a mailbox with their flags. */
  list(mailbox: string): Promise<{ uid: number; flags: string[]; subject: string }[]>;
  /** Deletes every message of a mailbox. */
  clear(mailbox: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when the server greets on the port (an IMAP "* OK"), rejects after `timeoutMs`. */
async function waitForGreeting(port: number, child: ChildProcess, logFile: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`dovecot exited with ${child.exitCode}:\n${log}`);
    }
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.setTimeout(1000);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    if (Date.now() > deadline) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`dovecot did not answer on port ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Root runs it as `nobody`, anyone else as themselves: never a privileged mail server. */
function runAs(): { uid: number; gid: number; user: string; group: string } {
  const me = userInfo();
  if (me.uid === 0) return { uid: 65534, gid: 65534, user: 'nobody', group: 'nogroup' };
  return { uid: me.uid, gid: me.gid, user: me.username, group: String(me.gid) };
}

async function chownTree(path: string, uid: number, gid: number): Promise<void> {
  await chown(path, uid, gid);
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) await chownTree(child, uid, gid);
    else await chown(child, uid, gid);
  }
}

export async function startDovecot(): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'dovecot-test-'));
  const user = 'svar';
  const password = 'imap-test-password';
  const port = await freePort();
  const account = runAs();
  for (const sub of ['run', 'state', 'mail', 'home']) await mkdir(join(dir, sub));
  const logFile = join(dir, 'dovecot.log');
  await writeFile(logFile, '');
  await writeFile(join(dir, 'users'), `${user}:{PLAIN}${password}::::::\n`);
  const groupName = account.group === String(account.gid) ? '' : account.group;
  await writeFile(
    join(dir, 'dovecot.conf'),
    [
      'protocols = imap',
      'listen = 127.0.0.1',
      `base_dir = ${join(dir, 'run')}`,
      `state_dir = ${join(dir, 'state')}`,
      `log_path = ${logFile}`,
      `info_log_path = ${logFile}`,
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `mail_location = maildir:${join(dir, 'mail')}/%u`,
      `default_internal_user = ${account.user}`,
      `default_login_user = ${account.user}`,
      ...(groupName ? [`default_internal_group = ${groupName}`] : []),
      `first_valid_uid = ${account.uid}`,
      `last_valid_uid = ${account.uid}`,
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${join(dir, 'users')}`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${account.uid} gid=${account.gid} home=${join(dir, 'home')}/%u`,
      '}',
      // chroot needs root; an unprivileged server runs its helpers without it.
      'service anvil {',
      '  chroot =',
      '}',
      'service imap-login {',
      '  chroot =',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  if (userInfo().uid === 0) await chownTree(dir, account.uid, account.gid);

  const child = spawn(dovecotBinary, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(userInfo().uid === 0 ? { uid: account.uid, gid: account.gid } : {}),
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await waitForGreeting(port, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }

  const connect = async () => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    return client;
  };
  const withMailbox = async <T>(mailbox: string, fn: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = await connect();
    try {
      if (mailbox !== 'INBOX') {
        const exists = (await client.list()).some((box) => box.path === mailbox);
        if (!exists) await client.mailboxCreate(mailbox);
      }
      const lock = await client.getMailboxLock(mailbox);
      try {
        return await fn(client);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  };

  return {
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    user,
    password,
    port,
    async append(mailbox, raw, flags = []) {
      const client = await connect();
      try {
        if (mailbox !== 'INBOX' && !(await client.list()).some((box) => box.path === mailbox)) {
          await client.mailboxCreate(mailbox);
        }
        await client.append(mailbox, raw, flags);
      } finally {
        await client.logout();
      }
    },
    list: (mailbox) =>
      withMailbox(mailbox, async (client) => {
        const found: { uid: number; flags: string[]; subject: string }[] = [];
        if (!client.mailbox || client.mailbox.exists === 0) return found;
        for await (const message of client.fetch('1:*', { uid: true, flags: true, envelope: true })) {
          found.push({
            uid: message.uid,
            flags: [...(message.flags ?? [])],
            subject: message.envelope?.subject ?? '',
          });
        }
        return found;
      }),
    clear: (mailbox) =>
      withMailbox(mailbox, async (client) => {
        if (client.mailbox && client.mailbox.exists > 0) await client.messageDelete('1:*');
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
