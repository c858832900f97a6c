/**
 * Without SMS_PROVIDER every SMS is written to DATA_DIR/sms as a text file and logged, like the
 * .eml files of the mail: a fresh checkout shows what it would have sent. The file is named after
 * the message's reference (the on-call worker's SMS row id), so erasure and retention find the
 * files of a lead's SMS (sms-files.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { smsLength } from './segments.ts';
import type { SmsTransport } from './transport.ts';

export function createFileSmsTransport(options: {
  dir: string;
  sender: string;
  log?: { info(obj: object, msg: string): void };
}): SmsTransport {
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'file',
    async send(message) {
      ready ??= mkdir(options.dir, { recursive: true });
      await ready;
      const id = message.reference ?? randomUUID();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.dir, `${stamp}-${id.replace(/[^A-Za-z0-9_-]+/g, '_')}.txt`);
      const { encoding, segments } = smsLength(message.text);
      const content = `Til: ${message.to}\nFra: ${options.sender}\nKodning: ${encoding}, ${segments} SMS\n\n${message.text}\n`;
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, content);
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
