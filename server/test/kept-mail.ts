import type { MailTransport, OutgoingMail } from '../mail/transport.ts';

/** A mail transport that keeps each e-mail in `sent` instead of sending it. */
export function keptMail(): { sent: OutgoingMail[]; transport: MailTransport } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    transport: { kind: 'eml', send: async (mail) => void sent.push(mail), close: async () => {} },
  };
}
