/**
 * Reads the reply mailbox (INBOUND_IMAP_URL) as a periodic job of the job engine, so one server
 * copy reads it at a time: the unread messages, oldest first, each taken into its lead's thread or
 * forwarded (inbound-mail.ts) and only then marked read. A crash between the two leaves the
 * message unread; the next round reads it again and the Message-ID stops a second copy. Each
 * round is bounded (messages, bytes) so a flooded mailbox is worked through a round at a time.
 * Every try is counted on the message before it is read, so one that fails, or never finishes
 * because the process stops while reading it, is set aside after failedRoundsMax tries.
 */
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import { stripControlCharacters } from '../../../domain/fields.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';
import { forwardUnmatched } from './answer-store.ts';
import { takeMail, UnreadableMail, type InboundMailDeps, type MailOutcome } from './answer-by-mail.ts';

export interface InboundLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailboxLimits {
  /** Messages read in one round, at most. */
  messagesPerRound: number;
  /** Bytes downloaded in one round, at most (the first message of a round is always read). */
  bytesPerRound: number;
  /** A bigger message is not downloaded: the company inbox is told it waits in the mailbox. */
  messageMaxBytes: number;
  /**
   * Tries a message gets before the company inbox is told it waits in the mailbox and it is marked
   * read (so one message that can never be taken, or that stops the process while it is read, does
   * not hold a place in every round unseen by anybody).
   */
  failedRoundsMax: number;
}

export const mailboxLimits: MailboxLimits = {
  messagesPerRound: 50,
  bytesPerRound: 50 * 1024 * 1024,
  messageMaxBytes: 25 * 1024 * 1024,
  failedRoundsMax: 5,
};

/**
 * The IMAP keywords counting a message's tries, set before each: `$SkadeForsoeg1`, … (`$SkadeFejl…`
 * counted a failed round before tries were counted, and still counts as one).
 */
const tryKeyword = (round: number) => `$SkadeForsoeg${round}`;
const countsAsTry = (flag: string) => flag.startsWith('$SkadeForsoeg') || flag.startsWith('$SkadeFejl');

/**
 * What a log line may say of a failure: its kind and code. An error's message can carry what the
 * customer wrote (a database error quotes the values of the failed statement), so it stays out.
 */
export function failureSummary(error: unknown): { type: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const withCode = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'string'
      ? value.code
      : undefined;
  const code = withCode(error) ?? withCode(error.cause);
  return { type: error.name, ...(code ? { code } : {}) };
}

export interface ImapTarget {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
}

/** imaps://user:password@host:993/INBOX → where and as whom to connect. */
export function imapTarget(url: string): ImapTarget {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX',
  };
}

export type RoundCounts = Record<MailOutcome | 'too-large' | 'failed' | 'given-up', number>;

/** One round over the reply mailbox; how each message went. */
export async function readReplyMailbox(
  deps: InboundMailDeps & { log: InboundLog },
  imapUrl: string,
  limits: MailboxLimits = mailboxLimits,
): Promise<RoundCounts> {
  const counts: RoundCounts = {
    stored: 0,
    duplicate: 0,
    forwarded: 0,
    'forwarded-before': 0,
    'too-large': 0,
    failed: 0,
    'given-up': 0,
  };
  const target = imapTarget(imapUrl);
  const client = new ImapFlow({
    host: target.host,
    port: target.port,
    secure: target.secure,
    auth: { user: target.user, pass: target.pass },
    logger: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });
  // A dropped connection is reported by the command it broke; the event itself needs a listener.
  client.on('error', (error: unknown) =>
    deps.log.warn({ err: error }, 'the reply mailbox connection failed'),
  );
  await client.connect();
  try {
    const lock = await client.getMailboxLock(target.mailbox);
    try {
      const unseen = (await client.search({ seen: false }, { uid: true })) || [];
      let bytes = 0;
      for (const uid of unseen.toSorted((a, b) => a - b).slice(0, limits.messagesPerRound)) {
        const head = await client.fetchOne(
          String(uid),
          { size: true, envelope: true, flags: true },
          { uid: true },
        );
        if (!head) continue;
        const size = head.size ?? 0;
        if (bytes > 0 && bytes + size > limits.bytesPerRound) break;
        bytes += Math.min(size, limits.messageMaxBytes);
        const triedBefore = [...(head.flags ?? [])].filter(countsAsTry).length;
        try {
          if (size > limits.messageMaxBytes) {
            await forwardTooLarge(deps, uid, head, size);
            counts['too-large'] += 1;
          } else if (triedBefore >= limits.failedRoundsMax) {
            // Its last try never ended (the process stopped while reading it): not read again.
            await forwardUnreadable(deps, uid, head);
            counts['given-up'] += 1;
            deps.log.error({ uid }, 'an answer in the reply mailbox was given up unread after its last try');
          } else {
            // Counted before it is read: a try that stops the process is counted too.
            await client.messageFlagsAdd(String(uid), [tryKeyword(triedBefore + 1)], { uid: true });
            const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
            if (!message || !message.source) continue;
            counts[await takeMail(deps, message.source)] += 1;
          }
        } catch (error) {
          // Left unread: the next round tries it again (a database outage fails every message
          // alike). After the last try, or at once when the parser refuses it, the company inbox is
          // told it waits in the mailbox, and it is marked read.
          const lastTry = error instanceof UnreadableMail || triedBefore + 1 >= limits.failedRoundsMax;
          const givenUp =
            lastTry &&
            (await forwardUnreadable(deps, uid, head).then(
              () => true,
              () => false,
            ));
          if (!givenUp) {
            counts.failed += 1;
            deps.log.error(
              { failure: failureSummary(error), uid },
              'an answer in the reply mailbox could not be taken; tried again next round',
            );
            continue;
          }
          counts['given-up'] += 1;
          deps.log.error(
            { failure: failureSummary(error), uid },
            'an answer in the reply mailbox was given up and forwarded',
          );
        }
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return counts;
}

function validDate(value: Date | string | undefined, otherwise: Date): Date {
  const date = value ? new Date(value) : otherwise;
  return Number.isNaN(date.getTime()) ? otherwise : date;
}

async function forwardTooLarge(
  deps: InboundMailDeps,
  uid: number,
  head: Pick<FetchMessageObject, 'envelope'>,
  size: number,
): Promise<void> {
  const megabytes = (size / 1024 / 1024).toFixed(1).replace('.', ',');
  await forwardWaiting(
    deps,
    uid,
    head,
    `E-mailen er på ${megabytes} MB, mere end svarpostkassen henter. Den ligger i svarpostkassen (markeret som læst).`,
  );
}

function forwardUnreadable(
  deps: InboundMailDeps,
  uid: number,
  head: Pick<FetchMessageObject, 'envelope'>,
): Promise<void> {
  return forwardWaiting(
    deps,
    uid,
    head,
    'E-mailen kunne ikke lægges ind i en sag, heller ikke efter flere forsøg. Den ligger i svarpostkassen (markeret som læst).',
  );
}

/** Tells the company inbox of a message left in the reply mailbox, by its envelope. */
async function forwardWaiting(
  deps: InboundMailDeps,
  uid: number,
  head: Pick<FetchMessageObject, 'envelope'>,
  text: string,
): Promise<void> {
  const sender = head.envelope?.from?.[0];
  const clean = (value: string | undefined) => stripControlCharacters(value ?? '');
  await forwardUnmatched(deps.db, {
    channel: 'email',
    incomingId: clean(head.envelope?.messageId) || `imap-uid:${uid}`,
    from: sender
      ? `${sender.name ? `${clean(sender.name)} ` : ''}<${clean(sender.address)}>`
      : '(ukendt afsender)',
    replyTo: clean(sender?.address) || null,
    subject: clean(head.envelope?.subject),
    receivedAt: validDate(head.envelope?.date, deps.clock()).toISOString(),
    text,
    attachments: [],
  });
}

/** The periodic job that reads the reply mailbox every INBOUND_IMAP_POLL_SECONDS. */
export function inboundMailJob(
  deps: InboundMailDeps & { log: InboundLog },
  settings: { imapUrl: string; pollSeconds: number },
): PeriodicJob {
  return {
    id: 'inbound-mail',
    name: 'reading the reply mailbox',
    intervalMs: settings.pollSeconds * 1000,
    firstRunAfterMs: 15_000,
    async run() {
      const counts = await readReplyMailbox(deps, settings.imapUrl);
      if (Object.values(counts).some((n) => n > 0)) deps.log.info({ counts }, 'read the reply mailbox');
    },
  };
}
