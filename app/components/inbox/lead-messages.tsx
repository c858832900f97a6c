import { useEffect, useState } from 'react';
import { leadMessagesText as text } from '~/content/inbox-messages';
import type { LeadMessage } from '../../../domain/staff-api/messages';
import { staffApi } from './api';
import { formatDateTime, isoDateTime } from './format';
import { card, cardHeading } from './lead-detail-card';

/**
 * "Beskeder": the messages between us and the customer, oldest first, ours with where each copy
 * is (the case page, the e-mail, the SMS). Read on its own after the lead, so a lead without
 * messages shows nothing and a failed read leaves the rest of the page as it is.
 */
export function LeadMessages({ leadId, version }: { leadId: string; version?: string | null }) {
  const [messages, setMessages] = useState<LeadMessage[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    staffApi.leadMessages(leadId, controller.signal).then(
      // An answer without a list (an older server) shows nothing, as a lead without messages.
      (answer) => setMessages(Array.isArray(answer?.messages) ? answer.messages : []),
      () => setMessages([]),
    );
    return () => controller.abort();
    // A new version of the lead (the page loaded it anew) may hold new messages.
  }, [leadId, version]);

  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="lead-messages-heading" className={card}>
      <h2 id="lead-messages-heading" className={cardHeading}>
        {text.heading}
      </h2>
      <ol className="grid gap-3">
        {messages.map((message) => (
          <li
            key={message.id}
            className="grid min-w-0 gap-1 rounded-lg border-l-4 border-slate-400 bg-slate-50 p-3"
          >
            <p className="text-sm wrap-anywhere text-slate-700">
              <strong className="font-semibold text-slate-900">
                {message.direction === 'out' ? text.fromUs(message.authorName) : text.fromCustomer}
              </strong>
              {message.direction === 'in' ? ` ${text.channelIn[message.channel]}` : ''}
              {message.batchId ? ` · ${text.batch}` : ''} ·{' '}
              <time dateTime={isoDateTime(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className="wrap-anywhere whitespace-pre-line text-slate-900">{message.body}</p>
            {message.direction === 'out' ? (
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                <li>{text.casePage}</li>
                <li>{text.email(message.email)}</li>
                <li>{text.sms(message.sms)}</li>
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
