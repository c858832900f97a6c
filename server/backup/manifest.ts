/**
 * What a backup holds and how much of it: the manifest written last into the backup folder (a
 * folder without one is an unfinished backup and is never restored), and the counts that a
 * restore checks against the restored database.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Rows of a query: the two engines' clients both answer with plain objects. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export interface BackupCounts {
  leads: number;
  /** Photos attached to leads (lead_images); their bytes are in the backup with local storage. */
  photos: number;
  /** E-mails queued and not yet sent. */
  pendingMail: number;
  /** Emergencies whose on-call paging has not ended (oncall_pages). */
  pendingPages: number;
  /** On-call SMS not yet handed to the gateway. */
  pendingSms: number;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Where the photos are: `local` ones are in `data/objects`; `s3` ones stay in the bucket. */
  photos: 'local' | 's3';
  s3Bucket?: string;
  counts: BackupCounts;
  /** How long taking the backup took. */
  seconds: number;
}

export const manifestFile = 'manifest.json';
/** PostgreSQL's dump (pg_dump --format=custom) inside the backup folder. */
export const dumpFile = 'database.dump';
/** DATA_DIR's files (PGlite: the database too) inside the backup folder. */
export const dataFolder = 'data';

const countsSql = `select
  (select count(*) from leads)::int as leads,
  (select count(*) from lead_images)::int as photos,
  (select count(*) from mail_jobs where status = 'pending')::int as "pendingMail",
  (select count(*) from oncall_pages where status = 'pending')::int as "pendingPages",
  (select count(*) from oncall_sms where status = 'pending')::int as "pendingSms"`;

export async function countRows(query: Query): Promise<BackupCounts> {
  const [row] = await query(countsSql);
  const number = (key: keyof BackupCounts) => Number(row?.[key] ?? 0);
  return {
    leads: number('leads'),
    photos: number('photos'),
    pendingMail: number('pendingMail'),
    pendingPages: number('pendingPages'),
    pendingSms: number('pendingSms'),
  };
}

export function writeManifest(folder: string, manifest: BackupManifest): void {
  // Renamed into place: a manifest is either whole or absent.
  const temp = join(folder, `.${manifestFile}.tmp`);
  writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temp, join(folder, manifestFile));
}

export function readManifest(folder: string): BackupManifest | null {
  const file = join(folder, manifestFile);
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  if (parsed.format !== 1 || (parsed.database !== 'pglite' && parsed.database !== 'postgres')) return null;
  return parsed as BackupManifest;
}

/** One line for people: "12 henvendelser, 5 fotos, 3 e-mails, 1 vagtopkald og 0 SMS i kø". */
export function describeCounts(counts: BackupCounts): string {
  return (
    `${counts.leads} henvendelser, ${counts.photos} fotos, ${counts.pendingMail} e-mails, ` +
    `${counts.pendingPages} vagtopkald og ${counts.pendingSms} SMS i kø`
  );
}
