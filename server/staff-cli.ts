/**
 * `npm run staff -- <command>`: staff accounts (there is no sign-up page).
 *
 *   add <e-mail> [--name "…"]     new account; the password is read from standard input
 *   list                          every account
 *   disable <e-mail>              the account can no longer log in; its sessions end at once
 *   reset-password <e-mail>       new password from standard input; the account's sessions end
 *
 * It uses the server's configuration (DATA_DIR or DATABASE_URL). The embedded database (PGlite)
 * can be opened by one process at a time: stop the server first, or use PostgreSQL.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { minPasswordLength } from './auth/passwords.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import {
  addStaff,
  disableStaff,
  listStaff,
  resetStaffPassword,
  StaffAccountError,
} from './services/staff-accounts.ts';

const usage = `Brug: npm run staff -- <kommando>

  add <e-mail> [--name "Navn"]   opret en konto; adgangskoden læses fra standard input
  list                           vis alle konti
  disable <e-mail>               spær en konto (dens sessioner slutter straks)
  reset-password <e-mail>        ny adgangskode fra standard input (kontoens sessioner slutter)

Adgangskoden skal være mindst ${minPasswordLength} tegn, f.eks.:
  printf '%s\\n' "$ADGANGSKODE" | npm run staff -- add anna@example.dk --name "Anna Holm"

Den indbyggede database (PGlite) kan kun åbnes af ét program ad gangen: stop serveren først,
eller brug PostgreSQL (DATABASE_URL).`;

/** One line from standard input; typed without echo when a person is at the terminal. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  let password = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stderr.write('\n');
          resolve(password);
          return;
        }
        if (char === '\u0003') {
          input.setRawMode(false);
          reject(new StaffAccountError('Afbrudt.'));
          return;
        }
        if (char === '\u007f') password = password.slice(0, -1);
        else password += char;
      }
    };
    input.on('data', onData);
  });
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    return command ? 0 : 2;
  }
  const config = loadConfig(process.env);
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const needEmail = () => {
      if (!email) throw new StaffAccountError(`Angiv en e-mailadresse.\n\n${usage}`);
      return email;
    };
    switch (command) {
      case 'add': {
        const address = needEmail();
        const password = await readPassword('Adgangskode: ');
        const account = await addStaff(database.db, { email: address, name: values.name, password });
        process.stdout.write(
          `Konto oprettet: ${account.email}. Ved første login sættes totrinsbekræftelse op.\n`,
        );
        return 0;
      }
      case 'list': {
        const accounts = await listStaff(database.db);
        if (accounts.length === 0) process.stdout.write('Ingen konti endnu.\n');
        for (const account of accounts) {
          const state = [
            account.totpConfirmedAt ? 'totrin sat op' : 'totrin mangler',
            account.disabledAt ? 'SPÆRRET' : 'aktiv',
          ].join(', ');
          process.stdout.write(
            `${account.email}\t${account.name ?? ''}\t${state}\toprettet ${account.createdAt.toISOString().slice(0, 10)}\n`,
          );
        }
        return 0;
      }
      case 'disable': {
        const ended = await disableStaff(database.db, needEmail());
        process.stdout.write(`Kontoen er spærret; ${ended} session(er) afsluttet.\n`);
        return 0;
      }
      case 'reset-password': {
        const address = needEmail();
        const password = await readPassword('Ny adgangskode: ');
        const ended = await resetStaffPassword(database.db, address, password);
        process.stdout.write(`Adgangskoden er skiftet; ${ended} session(er) afsluttet.\n`);
        return 0;
      }
      default:
        process.stderr.write(`Ukendt kommando: ${command}\n\n${usage}\n`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof StaffAccountError || error instanceof ConfigError) {
    process.stderr.write(`${error instanceof ConfigError ? error.problems.join('\n') : error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
