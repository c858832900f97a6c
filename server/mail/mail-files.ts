/**
 * The copies of sent mails the .eml transport keeps in DATA_DIR/mail, found by identity: every
 * file is named after its message's Message-ID, `<mail job id@host>` (transport.ts), and the
 * job's row names the lead the mail is about (mail_jobs.lead_id). Erasure and retention delete
 * the files of the jobs of the leads they delete, and nothing else: never a file merely because
 * some address or number appears in its text, and never a mail about no lead (the spam digest,
 * the weekly figures).
 */
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';

/** `<stamp>-<job id>_<host>.eml` (or `.eml.tmp` while being written): the job id, lower-case. */
const jobIdInName = /-([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12})(?:_[^/]*)?\.eml(?:\.tmp)?$/i;

/** The mail job a file in the mail folder was written for, or null when it is no such file. */
export function mailFileJobId(name: string): string | null {
  return jobIdInName.exec(name)?.[1]?.toLowerCase() ?? null;
}

/** The ids of every mail job of these leads, whatever its status. */
export async function mailJobIdsOfLeads(db: DbOrTx, leadIds: readonly string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .select({ id: mailJobs.id })
    .from(mailJobs)
    .where(inArray(mailJobs.leadId, [...leadIds]));
  return rows.map((row) => row.id);
}

/**
 * Deletes the files written for these mail jobs (a job sent twice after a crash has two); returns
 * how many. No folder (SMTP, or nothing sent yet) deletes nothing; a file another server copy
 * deleted first is not an error.
 */
export async function deleteMailFilesOfJobs(
  mailDir: string | undefined,
  jobIds: readonly string[],
): Promise<number> {
  if (!mailDir || jobIds.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const wanted = new Set(jobIds.map((id) => id.toLowerCase()));
  let deleted = 0;
  for (const name of names) {
    const jobId = mailFileJobId(name);
    if (jobId === null || !wanted.has(jobId)) continue;
    try {
      await unlink(join(mailDir, name));
      deleted++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}
