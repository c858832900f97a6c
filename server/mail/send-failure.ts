/**
 * How the mail outbox reads a failed send (server/mail/worker.ts): the message's fault, the
 * mail server's, or unknown because the connection broke after the whole message was sent.
 */

/**
 * What a send error says about the message:
 * - 'uncertain': the connection broke after the whole message had been sent (the transport sets
 *   `afterData`); the server may have accepted it, and there is no way to ask.
 * - 'server': the mail server could not be used at all; nothing about this message.
 * - 'message': this message was refused or could not be built; other messages may go through.
 */
export type SendFailureKind = 'uncertain' | 'server' | 'message';

/** Node's codes for a server that cannot be reached or went away. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** nodemailer's codes for a session that failed before any message could be judged. */
const serverCodes = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'EREQUIRETLS',
  'EAUTH',
  'ENOAUTH',
  'EOAUTH2',
  'EPROXY',
  'ECONFIG',
]);

export function sendFailureKind(error: unknown): SendFailureKind {
  if (typeof error !== 'object' || error === null) return 'message';
  const { afterData, code, responseCode } = error as {
    afterData?: unknown;
    code?: unknown;
    responseCode?: unknown;
  };
  if (afterData === true) return 'uncertain';
  // 421: the server is shutting the session down, whatever the message.
  if (responseCode === 421) return 'server';
  if (typeof responseCode === 'number') return 'message';
  if (typeof code === 'string' && (serverCodes.has(code) || connectionCodes.has(code))) return 'server';
  return 'message';
}
