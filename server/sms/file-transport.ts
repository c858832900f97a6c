/**
 * Without SMS_PROVIDER every SMS is written to DATA_DIR/sms as a text file and logged, like the
 * .eml files of the mail: a fresh checkout shows what it would have sent. The file is named after
 * the message's reference (the on-call worker's SMS row id), so erasure and retention find the
 * files of a lead's SMS (sms-files.ts).
 *
 * The folder and its files are the owner's only (0700, 0600), and a file keeps no link's key
 * (link-tokens.ts) unless `keepLinks` (FILE_COPIES_KEEP_LINKS: tests and journeys that follow the
 * links from the files; docs/decisions/stored-copies.md).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withoutLinkTokens } from './link-tokens.ts';
import { smsLength } from './segments.ts';
import type { SmsTransport } from './transport.ts';

export function createFileSmsTransport(options: {
  dir: string;
  sender: string;
  /** Write the links' keys too (tests only). */
  keepLinks?: boolean;
  log?: { info(obj: object, msg: string): void };
}): SmsTransport {
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'file',
    async send(message) {
      ready ??= mkdir(options.dir, { recursive: true, mode: 0o700 });
      await ready;
      const id = message.reference ?? randomUUID();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.dir, `${stamp}-${id.replace(/[^A-Za-z0-9_-]+/g, '_')}.txt`);
      const { encoding, segments } = smsLength(message.text);
      const text = options.keepLinks ? message.text : withoutLinkTokens(message.text);
      const content = `Til: ${message.to}\nFra: ${options.sender}\nKodning: ${encoding}, ${segments} SMS\n\n${text}\n`;
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, content, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      // Logs are kept by the host for weeks: the number stays in the file, the log shows its end.
      options.log?.info({ to: maskPhone(message.to), file }, 'SMS written to a file (no SMS_PROVIDER set)');
      return { ids: [id] };
    },
  };
}

/** '+4512345678' → '…78': enough to tell two recipients apart in a log, not to call them. */
export function maskPhone(phone: string): string {
  return `…${phone.replace(/\D/g, '').slice(-2)}`;
}
