/**
 * The rota changes of `npm run staff` (server/staff-cli.ts): the same changes as
 * ./rota-store.ts, each with its notice to the company inbox and the people concerned
 * (./rota-notice.ts) in one transaction, so a change from the server's shell is no more silent
 * than one from the inbox. No code is asked for: whoever runs the command is on the server.
 */
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { changedBy, queueRotaNotice, type NoticePerson } from './rota-notice.ts';
import {
  addOverride,
  displayName,
  loadRota,
  peopleByIds,
  removeOverrides,
  setChain,
  setStaffPhone,
  type Handover,
} from './rota-store.ts';

const noticePerson = (person: { name: string | null; email: string }): NoticePerson => ({
  name: displayName(person),
  email: person.email,
});

/** The account the change was about (rota-store has found it already, or refused). */
async function personOf(db: DbOrTx, email: string): Promise<NoticePerson> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return noticePerson(row ?? { name: null, email });
}

type CommandInput = { now: Date; actor: string };

export async function setChainByCommand(
  db: Db,
  input: { emails: readonly string[]; handover: Handover | undefined } & CommandInput,
) {
  return db.transaction(async (tx: DbOrTx) => {
    const before = (await loadRota(tx, input.now)).chains[0]?.memberIds ?? [];
    const members = await setChain(tx, input);
    const after = (await loadRota(tx, input.now)).chains[0]!;
    const previous = await peopleByIds(tx, before);
    await queueRotaNotice(tx, {
      change: {
        what: 'chain',
        members: members.map(displayName),
        handover: { weekday: after.handoverWeekday, hour: after.handoverHour },
      },
      by: changedBy(input.actor),
      affected: [...members, ...previous.values()].map(noticePerson),
      now: input.now,
    });
    return members;
  });
}

export async function addCoverByCommand(
  db: Db,
  input: { email: string; startsAt: Date; endsAt: Date } & CommandInput,
) {
  return db.transaction(async (tx: DbOrTx) => {
    const person = await addOverride(tx, input);
    await queueRotaNotice(tx, {
      change: {
        what: 'cover-added',
        person: displayName(person),
        startsAt: input.startsAt.toISOString(),
        endsAt: input.endsAt.toISOString(),
      },
      by: changedBy(input.actor),
      affected: [noticePerson(person)],
      now: input.now,
    });
    return person;
  });
}

export async function removeCoversByCommand(db: Db, input: { email: string } & CommandInput) {
  return db.transaction(async (tx: DbOrTx) => {
    const removed = await removeOverrides(tx, input);
    if (removed === 0) return 0;
    const person = await personOf(tx, input.email);
    await queueRotaNotice(tx, {
      change: {
        what: 'cover-removed',
        person: person.name,
        startsAt: null,
        endsAt: null,
        count: removed,
      },
      by: changedBy(input.actor),
      affected: [person],
      now: input.now,
    });
    return removed;
  });
}

export async function setPhoneByCommand(db: Db, input: { email: string; phone: string } & CommandInput) {
  return db.transaction(async (tx: DbOrTx) => {
    const phone = await setStaffPhone(tx, input);
    const person = await personOf(tx, input.email);
    await queueRotaNotice(tx, {
      change: { what: 'phone', person: person.name, phone },
      by: changedBy(input.actor),
      affected: [person],
      now: input.now,
    });
    return phone;
  });
}
