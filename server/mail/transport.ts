/**
 * Where e-mail goes: SMTP via nodemailer when SMTP_URL is set, otherwise .eml files in
 * DATA_DIR/mail so a fresh checkout still shows every message it would have sent.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { withoutLinkTokens } from '../sms/link-tokens.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  /** Stable per mail job, so a resend after a crash can be recognised as the same message. */
  messageId: string;
  from: string | MailAddress;
  to: string | MailAddress;
  replyTo?: string | MailAddress;
  /** Threading (RFC 5322): the Message-ID answered, and the thread's Message-IDs oldest first. */
  inReplyTo?: string;
  references?: readonly string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Written by a person (a staff member's message): not marked Auto-Submitted. */
  personal?: boolean;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  /** Resolves once the message is accepted (SMTP) or written (eml); throws otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  /** Folder for .eml files when there is no SMTP server (DATA_DIR/mail). */
  emlDir: string;
  /** The .eml files keep the keys of their links (FILE_COPIES_KEEP_LINKS: tests only). */
  keepLinks?: boolean;
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl)
    : createEmlTransport(options.emlDir, { keepLinks: options.keepLinks ?? false });
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Fail fast so a dead server turns into a retry instead of a send that hangs past its lease.
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries({
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '60000',
  })) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const connection = url.toString();
  return {
    kind: 'smtp',
    async send(mail) {
      // A transporter per message (each message has its own connection anyway), whose log tells
      // whether the whole message had gone out when the connection broke: the server may then
      // have accepted it, and sending it again could make a second copy (the worker decides).
      let messageSent = false;
      const transporter = nodemailer.createTransport({
        url: connection,
        logger: messageSentLogger(() => (messageSent = true)),
      });
      try {
        await transporter.sendMail(toNodemailer(mail));
      } catch (error) {
        if (messageSent && isBrokenConnection(error)) Object.assign(error as object, { afterData: true });
        throw error;
      } finally {
        transporter.close();
      }
    },
    async close() {},
  };
}

/** nodemailer logs `tnx: 'message'` at info level once the message and its final dot are written. */
function messageSentLogger(onMessageSent: () => void) {
  const ignore = () => {};
  return {
    level: ignore,
    trace: ignore,
    debug: ignore,
    info(entry: unknown) {
      if ((entry as { tnx?: unknown } | null)?.tnx === 'message') onMessageSent();
    },
    warn: ignore,
    error: ignore,
    fatal: ignore,
  };
}

/** The connection broke or timed out; no reply from the server (a reply would have a code). */
function isBrokenConnection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return responseCode === undefined && (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ETIMEDOUT');
}

/** Builds messages without sending them, with CRLF line ends as they travel over SMTP. */
const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The finished message, as it is sent: headers, parts and encoded attachments. */
export async function buildMessage(mail: OutgoingMail): Promise<Buffer> {
  const info = await builder.sendMail(toNodemailer(mail));
  return info.message as Buffer;
}

/**
 * Each message as an .eml file in `dir`, the owner's only (0700, 0600). A file keeps no link's key
 * (a case page's, an on-call link's: ../sms/link-tokens.ts) unless `keepLinks`; the message itself
 * went nowhere, so the copy is all there is, and it lies on a disk other local users may read.
 */
export function createEmlTransport(dir: string, options: { keepLinks?: boolean } = {}): MailTransport {
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'eml',
    async send(mail) {
      ready ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await ready;
      const stored = options.keepLinks
        ? mail
        : { ...mail, text: withoutLinkTokens(mail.text), html: withoutLinkTokens(mail.html) };
      const message = await buildMessage(stored);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeId = mail.messageId.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|(?<!_)_+$/g, '');
      // The Message-ID is `<mail job id@host>`: the name says which job, and so which lead, the
      // file belongs to; erasure and retention find a lead's files by it (mail-files.ts).
      const file = join(dir, `${stamp}-${safeId}.eml`);
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, message, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
    async close() {},
  };
}

/**
 * An e-mail this system writes (staff notifications, receipts, the resource PDFs, status
 * messages) says so (RFC 3834): auto-responders then do not answer. A message a staff member
 * wrote to a customer is a person's and carries no such header.
 */
export const automaticMailHeaders = { 'Auto-Submitted': 'auto-generated' } as const;

/** The one place SMTP and the .eml files turn a message into nodemailer's options. */
function toNodemailer(mail: OutgoingMail): SendMailOptions {
  return {
    messageId: mail.messageId,
    headers: mail.personal ? {} : { ...automaticMailHeaders },
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references?.length ? { references: [...mail.references] } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((attachment) => ({ ...attachment })),
  };
}
