/**
 * The SMS the file transport keeps in DATA_DIR/sms (file-transport.ts), found by identity, as the
 * mail files are (server/mail/mail-files.ts): every file is named after the message's reference,
 * `<stamp>-<reference>.txt`, and the on-call worker sends each SMS with its oncall_sms row id as
 * the reference (the message SMS worker its lead_message_sms row id); the row names the lead the
 * SMS is about (its lead_id). Erasure and
 * retention delete the files of the SMS of the leads they delete, never a file merely because
 * some name or number appears in its text.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { leadMessageSms, oncallSms } from '../db/schema.ts';

/** `<stamp>-<SMS id>.txt` (or `.txt.tmp` while being written): the id, lower-case. */
const smsIdInName = /-([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12})\.txt(?:\.tmp)?$/i;

/** The SMS a file in the SMS folder was written for, or null when it is no such file. */
export function smsFileId(name: string): string | null {
  return smsIdInName.exec(name)?.[1]?.toLowerCase() ?? null;
}

/**
 * The ids of every SMS about these leads (pages, "taken" notices and the SMS copies of our
 * messages to the customer), whatever their status.
 */
export async function smsIdsOfLeads(db: DbOrTx, leadIds: readonly string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const [pages, messages] = await Promise.all([
    db
      .select({ id: oncallSms.id })
      .from(oncallSms)
      .where(inArray(oncallSms.leadId, [...leadIds])),
    db
      .select({ id: leadMessageSms.id })
      .from(leadMessageSms)
      .where(inArray(leadMessageSms.leadId, [...leadIds])),
  ]);
  return [...pages, ...messages].map((row) => row.id);
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Deletes one file; false when another server copy sharing DATA_DIR deleted it first. */
async function remove(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Deletes the files written for these SMS (one sent twice after a crash has two); returns how
 * many. No folder (an SMS provider, or nothing sent yet) deletes nothing.
 */
export async function deleteSmsFiles(smsDir: string | undefined, smsIds: readonly string[]): Promise<number> {
  if (!smsDir || smsIds.length === 0) return 0;
  const wanted = new Set(smsIds.map((id) => id.toLowerCase()));
  let deleted = 0;
  for (const name of await namesIn(smsDir)) {
    const id = smsFileId(name);
    if (id !== null && wanted.has(id) && (await remove(join(smsDir, name)))) deleted++;
  }
  return deleted;
}

/** SMS files last written before `cutoff`, whatever they are about (they hold what the leads said). */
export async function deleteOldSmsFiles(smsDir: string | undefined, cutoff: Date): Promise<number> {
  if (!smsDir) return 0;
  let deleted = 0;
  for (const name of await namesIn(smsDir)) {
    if (!name.endsWith('.txt') && !name.endsWith('.txt.tmp')) continue;
    const file = join(smsDir, name);
    try {
      if ((await stat(file)).mtimeMs >= cutoff.getTime()) continue;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (await remove(file)) deleted++;
  }
  return deleted;
}
