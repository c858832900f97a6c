import { leadMessagesText as text } from '~/content/inbox-messages';
import { cn } from '~/lib/cn';
import type { LeadDetail, LeadImage } from '../../../../domain/staff-api/leads';
import type { LeadMessage } from '../../../../domain/staff-api/messages';
import { staffApi } from '../api';
import { formatDateTime, isoDateTime } from '../shared/format';
import { Card } from '../shared/card';
import { LeadMessageCompose } from './message-compose';
import { useThreadMessages } from './use-thread-messages';

/**
 * "Beskeder": the conversation with the customer, oldest first (ours with where each copy is: the
 * case page, the e-mail, the SMS; theirs with the channel they came by), and the form to write
 * to them. Read on its own after the lead, so a failed read leaves the rest of the page as it is;
 * read again whenever the lead's version changes (a new message or a copy's new state).
 */
export function LeadMessages({
  lead,
  version,
  onSent,
  onError,
}: {
  lead: LeadDetail;
  version?: string | null;
  /** A message of ours was written, at this time. */
  onSent?: (at: string) => void;
  onError: (error: unknown) => void;
}) {
  const { messages, setMessages, readFailed } = useThreadMessages(staffApi.leadMessages, lead.id, version);

  return (
    // On the printed case sheet an empty thread takes no room.
    <Card id="lead-messages" heading={text.heading} print={messages.length === 0 ? 'hidden' : 'sheet'}>
      <p className="text-sm text-slate-700 print:hidden">{text.intro}</p>
      {readFailed ? (
        <p role="alert" className="font-semibold text-emergency-800">
          {text.readFailed}
        </p>
      ) : null}
      {messages.length === 0 ? (
        readFailed ? null : (
          <p className="text-slate-700">{text.empty}</p>
        )
      ) : (
        <ol className="grid gap-3">
          {messages.map((message) => (
            <ThreadMessage key={message.id} message={message} images={lead.images} />
          ))}
        </ol>
      )}
      <LeadMessageCompose
        lead={lead}
        onSent={(message) => {
          setMessages((shown) => [...shown.filter((candidate) => candidate.id !== message.id), message]);
          onSent?.(message.createdAt);
        }}
        onError={onError}
      />
    </Card>
  );
}

/**
 * One message: who wrote it and how it came or went, when, the text as text, the photos it came
 * with (as the lead's photos, by their signed links), and our copies' states.
 */
function ThreadMessage({ message, images }: { message: LeadMessage; images: readonly LeadImage[] }) {
  const ours = message.direction === 'out';
  const photos = (message.photoIds ?? [])
    .map((id) => images.find((image) => image.id === id))
    .filter((image): image is LeadImage => image !== undefined);
  const copies = [
    ours ? text.casePage : null,
    message.email ? text.email(message.email) : null,
    message.sms ? text.sms(message.sms) : null,
  ].filter((copy): copy is string => copy !== null);
  return (
    <li
      className={cn(
        'grid min-w-0 gap-1 rounded-lg border-l-4 p-3 print:p-0',
        ours ? 'border-brand-600 bg-brand-50 sm:ml-8' : 'border-slate-500 bg-slate-50 sm:mr-8',
      )}
    >
      <p className="text-sm wrap-anywhere text-slate-700">
        <strong className="font-semibold text-slate-900">
          {ours ? text.fromUs(message.authorName) : text.fromCustomer}
        </strong>
        {ours ? '' : ` ${text.channelIn[message.channel]}`}
        {message.batchId ? ` · ${text.batch}` : ''} ·{' '}
        <time dateTime={isoDateTime(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
      </p>
      <p className="wrap-anywhere whitespace-pre-line text-slate-900 print:text-sm">{message.body}</p>
      {photos.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-sm text-slate-700">{text.photos(photos.length)}</p>
          <ul className="flex flex-wrap gap-2">
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <a
                  href={photo.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block rounded focus-visible:outline-2"
                >
                  <img
                    src={photo.url}
                    alt={text.photo(photo.originalName, index)}
                    className="size-24 rounded object-cover print:size-16"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {copies.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={text.copies}>
          {copies.map((copy) => (
            <li key={copy}>{copy}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
