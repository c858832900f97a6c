/**
 * What a stored copy of a message keeps of its links. The case page (/sag/<token>), the on-call
 * acknowledgement (/vagt/<signed link>, its short /v/<id>) and the on-call queue
 * (/vagt/liste/<signed link>) open with the link alone, so a file holding one is a key to a
 * customer's case or to an emergency. The copies the file transports keep in DATA_DIR (SMS here,
 * .eml in server/mail/transport.ts) show where a link went with `[skjult]` in place of its key, as
 * the database does for a sent SMS (server/oncall/paging/ack-link.ts) and the request log does for a URL
 * (server/plugins/log-redaction.ts).
 */

export const hiddenLinkToken = '[skjult]';

/** A keyed path and its key: base64url and dots (a signed link), up to the next other character. */
const keyedLink = /\/(sag|vagt\/liste|vagt|v)\/[\w.-]+/g;

/** The text with the key of every keyed link replaced by `[skjult]`. */
export function withoutLinkTokens(text: string): string {
  return text.replace(keyedLink, `/$1/${hiddenLinkToken}`);
}
