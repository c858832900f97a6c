import { inboxPagesText } from '~/content/inbox-pages';
import { formatDateTime, isoDateTime } from './format';
import { card, cardHeading } from './lead-detail-card';
import type { CustomerMessage } from '../../../domain/staff-api/leads';

const text = inboxPagesText.lead;

/** What the customer wrote on their case page: shown as theirs, apart from the staff notes. */
export function CustomerMessages({ messages }: { messages: CustomerMessage[] }) {
  return (
    <section aria-labelledby="customer-messages-heading" className={card}>
      <h2 id="customer-messages-heading" className={cardHeading}>
        {text.customerMessagesHeading}
      </h2>
      <p className="text-sm text-slate-700">{text.customerMessagesIntro}</p>
      <ol className="grid gap-3">
        {messages.map((message) => (
          <li
            key={message.id}
            className="grid min-w-0 gap-1 rounded-lg border-l-4 border-brand-600 bg-brand-50 p-3 print:p-0"
          >
            <p className="text-sm wrap-anywhere text-slate-700">
              <strong className="font-semibold text-slate-900">{text.fromCustomer}</strong> ·{' '}
              <time dateTime={isoDateTime(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className="wrap-anywhere whitespace-pre-line text-slate-900 print:text-sm">{message.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
