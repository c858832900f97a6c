import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mailTo, test } from '../fixtures';
import { startBuiltServer, type BuiltServer } from './built-server';
import { staffCommand } from './staff-command';

/** A staff account made with `npm run staff -- add` before the server starts. */
export interface E2eStaff {
  email: string;
  name: string;
  password: string;
  /** The phone pages go to (`--phone`). */
  phone?: string;
  role?: 'koordinator';
  /** Also `npm run staff -- on-call set`: the person pages go to. */
  onCall?: boolean;
}

/**
 * A journey's one staff account: the e-mail made from the name (every journey's server has only
 * its own accounts, so none can clash) and a password long enough for the server's rule; `duties`
 * add the phone pages go to, the role or being on call.
 */
export function journeyStaff(
  name: string,
  duties: Pick<E2eStaff, 'phone' | 'role' | 'onCall'> = {},
): E2eStaff {
  const local = name
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'oe')
    .replaceAll('å', 'aa')
    .replace(/[^a-z]+/g, '.');
  return {
    email: `${local}@skade-test.example`,
    name,
    password: 'Sikker adgangskode til indbakken 2026',
    ...duties,
  };
}

export interface StaffedServerOptions {
  /** Names the temporary data folder (`e2e-<name>-…`), so a left-over one tells whose it was. */
  name: string;
  staff: E2eStaff;
  /** More variables for the server, read when it starts (e.g. a fake SMS provider's address). */
  env?: () => Record<string, string>;
}

/**
 * A describe block of journeys on a staffed server of its own (`staffedServer`): its tests run in
 * order, as they build on the server's data, each within `timeout`; `journeys` declares them.
 */
export function describeStaffed(
  title: string,
  options: StaffedServerOptions & { timeout?: number },
  journeys: (server: BuiltServer) => void,
): void {
  const { timeout = 180_000, ...serverOptions } = options;
  test.describe(title, () => {
    test.describe.configure({ mode: 'serial', timeout });
    journeys(staffedServer(serverOptions));
  });
}

/**
 * A built server of the describe block's own, with one staff account, as the journeys through the
 * inbox and on-call pages need: started before the block's tests (its data folder made and the
 * account added with the project's own command first) and stopped after them, the folder removed.
 * Its mail goes to the worker's test SMTP server (MAIL_TO = `mailTo`); the submission rate limit
 * and the spam checks are off, as on the shared server (tests/e2e/fixtures.ts).
 *
 * Call it inside `test.describe`; the answer reads the running server, so use it in tests and
 * hooks declared after the call.
 */
export function staffedServer(options: StaffedServerOptions): BuiltServer {
  let dataDir: string | undefined;
  let server: BuiltServer | undefined;

  test.beforeAll(async ({ smtp }) => {
    // Staff commands and a server start: slower than a hook's usual time on a busy machine.
    test.setTimeout(120_000);
    dataDir = await mkdtemp(path.join(tmpdir(), `e2e-${options.name}-`));
    addStaff(dataDir, options.staff);
    server = await startBuiltServer({
      dataDir,
      env: {
        SMTP_URL: smtp.url,
        MAIL_TO: mailTo,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        SPAM_CHECKS: 'off',
        ...options.env?.(),
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const running = (): BuiltServer => {
    if (!server)
      throw new Error(`The ${options.name} server is not running (used outside its describe block?)`);
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
    get dataDir() {
      return running().dataDir;
    },
    get pid() {
      return running().pid;
    },
    logs: () => running().logs(),
    stop: (stopOptions) => running().stop(stopOptions),
  };
}

function addStaff(dataDir: string, staff: E2eStaff): void {
  const args = ['add', staff.email, '--name', staff.name];
  if (staff.phone) args.push('--phone', staff.phone);
  if (staff.role) args.push('--role', staff.role);
  staffCommand(dataDir, args, `${staff.password}\n`);
  if (staff.onCall) staffCommand(dataDir, ['on-call', 'set', staff.email]);
}
