import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { adjusterSectionText as text } from '~/content/inbox-casework-adjuster';
import { cn } from '~/lib/cn';
import { leadMessages } from '../../../../../domain/constants';
import type { LeadDetail } from '../../../../../domain/staff-api/leads';
import { StaffApiError, isUnauthorized } from '../../api';
import { formatDateTime, isoDateTime } from '../../shared/format';
import { LiveMessage } from '../../shared/live-message';
import { useThreadMessages } from '../use-thread-messages';
import { adjusterApi } from './adjuster-api';
import { useBusy } from '../../shared/use-busy';

/**
 * The adjuster's thread on the lead, oldest first, and the answer to it (e-mailed to the adjuster
 * with the page's link). A thread of its own: never the customer's messages, and the customer
 * never sees it.
 */
export function AdjusterThread({
  lead,
  version,
  canAnswer,
  onError,
}: {
  lead: LeadDetail;
  version?: string | null;
  /** A link is open: an answer reaches someone. */
  canAnswer: boolean;
  onError: (error: unknown) => void;
}) {
  const { messages, setMessages, readFailed } = useThreadMessages(adjusterApi.messages, lead.id, version);
  const [body, setBody] = useState('');
  const [busy, run] = useBusy(onError);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const textToSend = body.trim();
    if (!textToSend) return setRefusal(text.missing);
    setRefusal(undefined);
    await run(
      async () => {
        const { message } = await adjusterApi.answer(lead.id, textToSend);
        setMessages((shown) => [...shown, message]);
        setBody('');
        setDone(text.sent);
      },
      (caught) => {
        if (caught instanceof StaffApiError && [400, 409].includes(caught.status) && !isUnauthorized(caught))
          setRefusal(caught.message);
        else onError(caught);
      },
    );
  };

  return (
    <div className="grid gap-3 border-t border-slate-200 pt-4">
      <h3 className="text-lg font-bold text-brand-950">{text.threadHeading}</h3>
      {readFailed ? (
        <p role="alert" className="font-semibold text-emergency-800">
          {text.readFailed}
        </p>
      ) : messages.length === 0 ? (
        <p className="text-slate-700">{text.threadEmpty}</p>
      ) : (
        <ol className="grid gap-3">
          {messages.map((message) => {
            const ours = message.direction === 'out';
            return (
              <li
                key={message.id}
                className={cn(
                  'grid min-w-0 gap-1 rounded-lg border-l-4 p-3',
                  ours ? 'border-brand-600 bg-brand-50 sm:ml-8' : 'border-slate-500 bg-slate-50 sm:mr-8',
                )}
              >
                <p className="text-sm wrap-anywhere text-slate-700">
                  <strong className="font-semibold text-slate-900">
                    {ours ? text.fromUs(message.authorName) : text.fromAdjuster(message.authorName)}
                  </strong>{' '}
                  · <time dateTime={isoDateTime(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
                  {ours && message.email ? ` · ${text.mail[message.email]}` : ''}
                </p>
                <p className="wrap-anywhere whitespace-pre-line text-slate-900">{message.body}</p>
              </li>
            );
          })}
        </ol>
      )}
      {canAnswer ? (
        <form onSubmit={submit} noValidate className="grid gap-3">
          <FormField id="adjuster-reply" label={text.reply} hint={text.replyHint} error={refusal}>
            {(control) => (
              <Textarea
                {...control}
                name="text"
                rows={4}
                maxLength={leadMessages.threadMaxChars}
                value={body}
                onChange={(event) => setBody(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={busy}>
            {busy ? text.sending : text.send}
          </Button>
          <LiveMessage message={done} />
        </form>
      ) : null}
    </div>
  );
}
