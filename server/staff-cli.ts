/**
 * `npm run staff -- <command>`: staff accounts (there is no sign-up page).
 *
 *   add <e-mail> [--name "…"] [--phone +45…] [--role koordinator|medarbejder]
 *                                 new account (medarbejder by default); the password is read from standard input
 *   set-role <e-mail> <role>      koordinator or medarbejder (docs/decisions/staff-roles.md)
 *   list                          every account, with its role and phone number
 *   disable <e-mail>              the account can no longer log in; its sessions end at once
 *   reset-password <e-mail>       new password from standard input; the account's sessions end
 *   unlock <e-mail>               clears the waits that failed logins put on the account
 *   set-phone <e-mail> <phone>    the number on-call SMS go to (stored as E.164)
 *   on-call                       who is on call now and next
 *   on-call set <e-mail>… [--handover "man 08"]   the chain, in force from now
 *   on-call cover <e-mail> <from> <to>            first in the chain for a time range
 *   on-call uncover <e-mail>      removes that person's covers not yet over
 *   on-call reserve [list | add <e-mail> | remove <e-mail>]   the reserve a surge may ask for help
 *   insurer-key create <insurer> [--label "…"] | list | revoke <id>
 *                                 the insurers' API keys (docs/api/assignments.md); a key is printed once
 *
 * Mistakes on the command line (server/staff-cli-args.ts) give one Danish line and exit code 2.
 * Every change is noted in the audit log as made by `cli:<system user>` (server/staff/audit.ts);
 * a change to the chain, a cover or a phone number is also e-mailed to MAIL_TO and the people it
 * concerns (server/oncall/rota/rota-commands.ts).
 *
 * It uses the server's configuration (DATA_DIR or DATABASE_URL). The embedded database (PGlite)
 * can be opened by one process at a time: while a server has it open, every command is refused
 * with exit code 1 before it changes anything (docs/decisions/staff-command.md).
 */
import { createInterface } from 'node:readline';
import { minPasswordLength } from './auth/passwords.ts';
import { setOwnerOnlyUmask } from './db/owner-only.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, type Db } from './db/client.ts';
import { DatabaseInUseError } from './db/pglite-lock.ts';
import { displayName, onCallNow } from './oncall/rota/rota-store.ts';
import { addToReserve, listReserve, removeFromReserve } from './oncall/surge/reserve.ts';
import { ReserveRefused } from './oncall/surge/errors.ts';
import {
  addCoverByCommand,
  removeCoversByCommand,
  setChainByCommand,
  setPhoneByCommand,
} from './oncall/rota/rota-commands.ts';
import { formatLocal, weekdayShortNames } from '../domain/zoned-time.ts';
import { parseStaffArgs } from './staff-cli-args.ts';
import { commandLineActor } from './staff/audit.ts';
import { clearLoginDelays } from './staff/login.ts';
import { InsurerKeyRefused } from './insurer-api/errors.ts';
import { createInsurerKey, listInsurerKeys, revokeInsurerKey } from './insurer-api/keys.ts';
import {
  addStaff,
  disableStaff,
  listStaff,
  resetStaffPassword,
  setStaffRole,
  StaffAccountError,
} from './staff/accounts.ts';

const usage = `Brug: npm run staff -- <kommando>

  add <e-mail> [--name "Navn"] [--phone +4520123456] [--role koordinator|medarbejder]
                                 opret en konto (som medarbejder, medmindre andet angives);
                                 adgangskoden læses fra standard input
  set-role <e-mail> koordinator|medarbejder
                                 giv kontoen en rolle; koordinatorer styrer vagtplanen, ser
                                 kollegernes numre, eksporterer, håndterer persondata og loggen
  list                           vis alle konti med rolle og telefonnummer
  disable <e-mail>               spær en konto (dens sessioner slutter straks)
  reset-password <e-mail>        ny adgangskode fra standard input (kontoens sessioner slutter)
  unlock <e-mail>                ophæv ventetiden efter mislykkede login for kontoen
  set-phone <e-mail> <nummer>    telefonnummeret vagt-SMS sendes til

  on-call                        hvem har vagt nu, og hvem er den næste
  on-call set <e-mail> [<e-mail> …] [--handover "man 08"]
                                 vagtkæden i rækkefølge, gældende fra nu; den drejer én plads
                                 ved hvert ugentligt vagtskifte (dansk tid, standard man 08)
  on-call cover <e-mail> "2026-03-20 16:00" "2026-03-23 08:00"
                                 personen står først i kæden i tidsrummet (dansk tid)
  on-call uncover <e-mail>       fjern personens dækninger, der ikke er forbi
  on-call reserve [list]         reservelisten: folk uden vagt, som spørges ved travlt
  on-call reserve add <e-mail>   sæt personen på reservelisten
  on-call reserve remove <e-mail>
                                 tag personen af reservelisten

  insurer-key create <forsikringsselskab> [--label "Skadesystem"]
                                 ny nøgle til forsikringsselskabernes API; den vises kun denne ene gang
  insurer-key list               alle nøgler med selskab, betegnelse, sidste brug og om de er spærret
  insurer-key revoke <id>        spær en nøgle (virker ikke længere fra næste forespørgsel)

Adgangskoden skal være mindst ${minPasswordLength} tegn, f.eks.:
  printf '%s\\n' "$ADGANGSKODE" | npm run staff -- add anna@example.dk --name "Anna Holm"

Den indbyggede database (PGlite) kan kun åbnes af ét program ad gangen: stop serveren først,
eller brug PostgreSQL (DATABASE_URL).`;

/** Why nothing was done while another process holds the embedded database. */
function inUseMessage(error: DatabaseInUseError): string {
  const who =
    error.holder.what === 'server'
      ? `Serveren (proces ${error.holder.pid})`
      : `Proces ${error.holder.pid} (${error.holder.what})`;
  return [
    `${who} har den indbyggede database åben, så intet er ændret: en ændring herfra ville gå tabt.`,
    'Stop serveren, kør kommandoen igen og start serveren bagefter, eller brug PostgreSQL (DATABASE_URL).',
  ].join('\n');
}

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

/** Every change below is audited in the name of the command line and the system user running it. */
const actor = () => commandLineActor();

function personLine(view: Awaited<ReturnType<typeof onCallNow>>, id: string | null): string {
  if (!id) return 'ingen';
  const person = view.people.get(id);
  if (!person) return 'ukendt konto';
  const notes = [person.phone ?? 'intet telefonnummer', ...(person.disabled ? ['SPÆRRET'] : [])];
  return `${displayName(person)} (${notes.join(', ')})`;
}

async function showOnCall(db: Db): Promise<void> {
  const view = await onCallNow(db, new Date());
  if (view.order.length === 0) {
    process.stdout.write('Ingen vagtkæde endnu: npm run staff -- on-call set <e-mail> [<e-mail> …]\n');
    return;
  }
  const lines = [`Vagt nu: ${personLine(view, view.onCall)}`];
  if (view.override) lines.push(`  (dækker til ${formatLocal(view.override.endsAt)})`);
  lines.push(`Næste i kæden: ${personLine(view, view.next)}`);
  if (view.order.length > 2) {
    lines.push(
      `Derefter: ${view.order
        .slice(2)
        .map((id) => personLine(view, id))
        .join(', ')}`,
    );
  }
  if (view.nextHandover && view.handover) {
    lines.push(
      `Næste vagtskifte: ${formatLocal(view.nextHandover)} (hver ${weekdayShortNames[view.handover.weekday]} kl. ${String(view.handover.hour).padStart(2, '0')})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<number> {
  // The embedded database it may create or open is the owner's only, as the server keeps it.
  setOwnerOnlyUmask();
  const parsed = parseStaffArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n`);
    return 2;
  }
  const args = parsed.value;
  if (args.command === 'help') {
    process.stdout.write(`${usage}\n`);
    return process.argv.length > 2 ? 0 : 2;
  }
  const config = loadConfig(process.env);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // Never wait: a server holding the embedded database would lose what this command writes.
    lock: { what: 'npm run staff', waitMs: 0 },
  });
  try {
    const now = new Date();
    switch (args.command) {
      case 'add': {
        const password = await readPassword('Adgangskode: ');
        const account = await addStaff(database.db, {
          email: args.email,
          name: args.name,
          password,
          role: args.role,
          now,
          actor: actor(),
        });
        if (args.phone) {
          await setPhoneByCommand(database.db, {
            email: account.email,
            phone: args.phone,
            now,
            actor: actor(),
          });
        }
        process.stdout.write(
          `Konto oprettet: ${account.email} (${account.role}). Ved første login sættes totrinsbekræftelse op.\n`,
        );
        return 0;
      }
      case 'set-role': {
        const before = await setStaffRole(database.db, args.email, args.role, { now, actor: actor() });
        process.stdout.write(`${args.email} er nu ${args.role} (var ${before}).\n`);
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
            `${account.email}\t${account.name ?? ''}\t${account.role}\t${account.phone ?? 'intet telefonnummer'}\t${state}\toprettet ${account.createdAt.toISOString().slice(0, 10)}\n`,
          );
        }
        return 0;
      }
      case 'disable': {
        const ended = await disableStaff(database.db, args.email, { now, actor: actor() });
        process.stdout.write(`Kontoen er spærret; ${ended} session(er) afsluttet.\n`);
        return 0;
      }
      case 'reset-password': {
        const password = await readPassword('Ny adgangskode: ');
        const ended = await resetStaffPassword(database.db, args.email, password, { actor: actor() });
        process.stdout.write(`Adgangskoden er skiftet; ${ended} session(er) afsluttet.\n`);
        return 0;
      }
      case 'unlock': {
        const cleared = await clearLoginDelays(database.db, { email: args.email, actor: actor(), now });
        process.stdout.write(
          `Ventetiden for ${args.email} er ophævet; ${cleared} mislykkede forsøg er glemt.\n`,
        );
        return 0;
      }
      case 'set-phone': {
        const phone = await setPhoneByCommand(database.db, {
          email: args.email,
          phone: args.phone,
          now,
          actor: actor(),
        });
        process.stdout.write(`Telefonnummeret er sat: ${phone}.\n`);
        return 0;
      }
      case 'on-call-show':
        await showOnCall(database.db);
        return 0;
      case 'on-call-set': {
        await setChainByCommand(database.db, {
          emails: args.emails,
          handover: args.handover,
          now,
          actor: actor(),
        });
        process.stdout.write('Vagtkæden er sat.\n');
        await showOnCall(database.db);
        return 0;
      }
      case 'on-call-cover': {
        const person = await addCoverByCommand(database.db, {
          email: args.email,
          startsAt: args.startsAt,
          endsAt: args.endsAt,
          now,
          actor: actor(),
        });
        process.stdout.write(
          `${displayName(person)} dækker ${formatLocal(args.startsAt)} – ${formatLocal(args.endsAt)}.\n`,
        );
        return 0;
      }
      case 'on-call-reserve': {
        const change = { email: args.email, now, actor: actor() };
        if (args.action === 'add') {
          await addToReserve(database.db, change);
          process.stdout.write(`${args.email} er på reservelisten.\n`);
        } else {
          const removed = await removeFromReserve(database.db, change);
          process.stdout.write(
            removed
              ? `${args.email} er taget af reservelisten.\n`
              : `${args.email} var ikke på reservelisten.\n`,
          );
        }
        return 0;
      }
      case 'on-call-reserve-list': {
        const reserve = await listReserve(database.db);
        process.stdout.write(
          reserve.length === 0
            ? 'Reservelisten er tom: npm run staff -- on-call reserve add <e-mail>\n'
            : `${reserve
                .map(
                  (person) =>
                    `${person.name ?? person.email} <${person.email}>${person.calledAt ? `, sidst kaldt ${formatLocal(person.calledAt)}` : ''}`,
                )
                .join('\n')}\n`,
        );
        return 0;
      }
      case 'insurer-key-create': {
        const made = await createInsurerKey(database.db, {
          insurer: args.insurer,
          label: args.label,
          actor: actor(),
          now,
        });
        process.stderr.write(
          `Nøgle ${made.id} til ${made.insurer} er oprettet. Gem den nu: den vises ikke igen.\n`,
        );
        process.stdout.write(`${made.key}\n`);
        return 0;
      }
      case 'insurer-key-list': {
        const keys = await listInsurerKeys(database.db);
        if (keys.length === 0)
          process.stdout.write('Ingen nøgler endnu: npm run staff -- insurer-key create <selskab>\n');
        for (const key of keys) {
          const state = key.revokedAt ? `SPÆRRET ${formatLocal(key.revokedAt)}` : 'aktiv';
          const used = key.lastUsedAt
            ? `sidst brugt ${formatLocal(key.lastUsedAt)} (${key.useCount} gange)`
            : 'aldrig brugt';
          process.stdout.write(
            `${key.id}\t${key.insurer}\t${key.label ?? ''}\tik_${key.publicId}_…\t${state}\t${used}\toprettet ${key.createdAt.toISOString().slice(0, 10)} af ${key.createdBy}\n`,
          );
        }
        return 0;
      }
      case 'insurer-key-revoke': {
        const revoked = await revokeInsurerKey(database.db, args.id, { actor: actor(), now });
        process.stdout.write(
          revoked.revokedNow
            ? `Nøglen til ${revoked.key.insurer} er spærret.\n`
            : `Nøglen til ${revoked.key.insurer} var allerede spærret.\n`,
        );
        return 0;
      }
      case 'on-call-uncover': {
        const removed = await removeCoversByCommand(database.db, { email: args.email, now, actor: actor() });
        process.stdout.write(`${removed} dækning(er) fjernet.\n`);
        return 0;
      }
    }
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(`${inUseMessage(error)}\n`);
    process.exitCode = 1;
  } else if (
    error instanceof StaffAccountError ||
    error instanceof ReserveRefused ||
    error instanceof InsurerKeyRefused ||
    error instanceof ConfigError
  ) {
    process.stderr.write(`${error instanceof ConfigError ? error.problems.join('\n') : error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
