import { useId, useRef, useState, type FormEvent } from 'react';
import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Select } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { cannedReplies } from '~/content/canned-replies';
import { leadMessageComposeText as text } from '~/content/inbox-messages';
import { leadMessages } from '../../../../domain/constants';
import { messageGreeting } from '../../../../domain/greeting';
import { caseLinkSample, customerSmsLength, customerSmsMaxParts } from '../../../../domain/sms-parts';
import { leadMessageApiMessages } from '../../../../domain/staff-api/messages';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import type { LeadMessage } from '../../../../domain/staff-api/messages';
import { StaffApiError, isUnauthorized, staffApi } from '../api';
import { fillCannedReply, unfilledPlaceholders } from './canned-reply-fill';
import { formatPhoneNumber } from '../shared/format';
import { LiveMessage } from '../shared/live-message';
import { useBusy } from '../shared/use-busy';

type Channel = 'email' | 'sms';

/**
 * "Skriv til kunden": a text (a ready-made answer filled from the lead, or their own), sent by
 * e-mail or, to a Danish mobile, by SMS. The message stands on the case page at once; its copy
 * goes through the outbox, and the thread above shows its state. A refusal (400, Danish) stands
 * under the field it is about; other failures go to the page.
 */
export function LeadMessageCompose({
  lead,
  onSent,
  onError,
}: {
  lead: LeadDetail;
  onSent: (message: LeadMessage) => void;
  onError: (error: unknown) => void;
}) {
  const smsPossible = lead.smsPossible === true;
  const [body, setBody] = useState('');
  const [channel, setChannel] = useState<Channel>('email');
  const [busy, run] = useBusy(onError);
  const [fieldError, setFieldError] = useState<{ field: 'message' | 'channel'; message: string } | null>(
    null,
  );
  const [done, setDone] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const channelHintId = `${ids}-channel-hint`;
  const channelErrorId = `${ids}-channel-error`;

  const refuse = (field: 'message' | 'channel', message: string) => {
    setFieldError({ field, message });
    if (field === 'message') fieldRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const textToSend = body.trim();
    if (!textToSend) return refuse('message', text.missing);
    const unfilled = unfilledPlaceholders(textToSend);
    if (unfilled.length > 0) return refuse('message', text.unfilled(unfilled));
    setFieldError(null);
    await run(
      async () => {
        const { message } = await staffApi.sendLeadMessage(lead.id, { text: textToSend, channel });
        setBody('');
        setDone(text.sent(channel));
        onSent(message);
      },
      (caught) => {
        if (caught instanceof StaffApiError && caught.status === 400 && !isUnauthorized(caught)) {
          const aboutChannel =
            caught.message === leadMessageApiMessages.noMobile ||
            caught.message === leadMessageApiMessages.channelInvalid;
          refuse(aboutChannel ? 'channel' : 'message', caught.message);
        } else onError(caught);
      },
    );
  };

  const channelError = fieldError?.field === 'channel' ? fieldError.message : undefined;
  // Counted as the server counts it: the text as sent, with the case link on this site's address.
  const smsParts =
    channel === 'sms' && body.trim()
      ? customerSmsLength(body.trim(), caseLinkSample(globalThis.location?.origin ?? '')).segments
      : 0;
  // The same rule the e-mail follows (domain/greeting.ts): no second greeting before the text's own.
  const greetingLine = messageGreeting(lead.name, body);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-heading`}
      className="grid gap-3 border-t border-slate-200 pt-4 print:hidden"
    >
      <h3 id={`${ids}-heading`} className="text-lg font-bold text-brand-950">
        {text.heading}
      </h3>
      <FormField id="lead-message-canned" label={text.canned} hint={text.cannedHint}>
        {(control) => (
          <Select
            {...control}
            name="canned"
            placeholder={text.cannedNone}
            options={cannedReplies.map((reply) => ({ value: reply.id, label: reply.label }))}
            defaultValue=""
            onChange={(event) => {
              const reply = cannedReplies.find((candidate) => candidate.id === event.target.value);
              if (!reply) return;
              setBody(fillCannedReply(reply.text, lead));
              setFieldError(null);
            }}
          />
        )}
      </FormField>
      <FormField
        id="lead-message-text"
        label={text.message}
        hint={text.messageHint}
        error={fieldError?.field === 'message' ? fieldError.message : undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={fieldRef}
            name="text"
            rows={6}
            maxLength={leadMessages.threadMaxChars}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </FormField>
      <p className="text-sm text-slate-700">{text.characters(body.length)}</p>
      {smsParts > 0 ? (
        <p
          aria-live="polite"
          className={`text-sm ${smsParts > customerSmsMaxParts ? 'font-semibold text-emergency-800' : 'text-slate-700'}`}
        >
          {smsParts > customerSmsMaxParts
            ? leadMessageApiMessages.smsTooLong(smsParts)
            : text.smsParts(smsParts)}
        </p>
      ) : null}
      {channel === 'email' ? (
        <p className="text-sm text-slate-700">
          {greetingLine ? text.greetingAdded(greetingLine) : text.greetingOwn}
        </p>
      ) : null}
      <fieldset
        className="grid gap-2"
        aria-describedby={[channelHintId, channelError ? channelErrorId : ''].filter(Boolean).join(' ')}
      >
        <legend className="font-semibold text-slate-900">{text.channel}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {(['email', 'sms'] as const).map((option) => (
            <label
              key={option}
              className={`flex min-h-11 items-center gap-2 ${option === 'sms' && !smsPossible ? 'text-slate-600' : 'text-slate-900'}`}
            >
              <input
                type="radio"
                name="channel"
                value={option}
                checked={channel === option}
                disabled={option === 'sms' && !smsPossible}
                onChange={() => {
                  setChannel(option);
                  if (fieldError?.field === 'channel') setFieldError(null);
                }}
                className="size-5 accent-brand-700"
              />
              {option === 'email' ? text.email : text.sms}
            </label>
          ))}
        </div>
        <p id={channelHintId} className="text-sm text-slate-700">
          {channel === 'sms'
            ? text.smsHint(formatPhoneNumber(lead.phone ?? ''))
            : `${text.emailHint(lead.email)}${smsPossible ? '' : ` ${text.noMobile}`}`}
        </p>
        <FieldError id={channelErrorId} message={channelError} />
      </fieldset>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        <Icon name="send" />
        {busy ? text.sending : text.send}
      </Button>
      <LiveMessage message={done} />
    </form>
  );
}
