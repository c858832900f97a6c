import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { inboxPaths } from '~/content/inbox';
import { batchPriorities, batchTemplates, batchUpdateText as text } from '~/content/inbox-messages';
import { leadMessages } from '../../../../domain/constants';
import type { BatchPreviewAnswer, BatchSelection } from '../../../../domain/staff-api/messages';
import { errorMessage, isUnauthorized, staffApi } from '../api';
import { LiveMessage } from '../shared/live-message';
import { useBusy } from '../shared/use-busy';

type Priority = (typeof batchPriorities)[number]['value'];

/**
 * "Send opdatering til ventende" on the list page: staff choose the waiting emergencies by
 * postcode and/or priority, see how many it reaches, pick a ready-made text or write one, see the
 * preview the server makes (recipients, one SMS per number, the parts as billed with the case
 * link, the first SMS in full), and send that preview with a second, explicit press: the send
 * names the preview, so what goes is what was shown.
 */
export function BatchUpdate() {
  const navigate = useNavigate();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [postcode, setPostcode] = useState('');
  const [priorities, setPriorities] = useState<ReadonlySet<Priority>>(() => new Set());
  const [body, setBody] = useState('');
  const [reach, setReach] = useState<BatchPreviewAnswer | null>(null);
  const [preview, setPreview] = useState<BatchPreviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const selection = (): BatchSelection => ({
    ...(postcode.trim() ? { postcodePrefix: postcode.trim() } : {}),
    ...(priorities.size > 0 ? { priorities: [...priorities] } : {}),
  });

  const fail = (caught: unknown) => {
    if (isUnauthorized(caught)) return void navigate(inboxPaths.login, { replace: true });
    setError(errorMessage(caught));
  };
  const [busy, run] = useBusy(fail);

  const count = async () => {
    setError(null);
    await run(async () => {
      setReach(await staffApi.batchPreview(selection()));
    });
  };

  // A changed selection or text makes the shown count and preview stale.
  const changed = () => {
    setReach(null);
    setPreview(null);
  };

  const togglePriority = (priority: Priority, on: boolean) => {
    const next = new Set(priorities);
    if (on) next.add(priority);
    else next.delete(priority);
    setPriorities(next);
    changed();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    setError(null);
    if (!preview?.previewId) {
      if (!body.trim()) return setError(text.messageMissing);
      await run(async () => {
        const shown = await staffApi.batchPreview(selection(), body);
        setReach(shown);
        setPreview(shown.previewId ? shown : null);
      });
      return;
    }
    const { previewId } = preview;
    await run(
      async () => {
        const answer = await staffApi.batchSend(selection(), body, previewId);
        setMessage(text.sent(answer.count, answer.sms));
        changed();
      },
      (caught) => {
        setPreview(null);
        fail(caught);
      },
    );
  };

  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="mail" />
        {open ? text.close : text.open}
      </Button>
      <LiveMessage message={message} />
      {open ? (
        <section
          id={panelId}
          aria-labelledby={`${panelId}-heading`}
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id={`${panelId}-heading`} className="text-xl font-bold text-brand-950">
            {text.heading}
          </h2>
          <p className="text-slate-700">{text.intro}</p>
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{text.cost}</p>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="batch-postcode" label={text.postcode} hint={text.postcodeHint}>
                {(control) => (
                  <Input
                    {...control}
                    name="postcode"
                    inputMode="numeric"
                    maxLength={4}
                    value={postcode}
                    onChange={(event) => {
                      setPostcode(event.target.value.replace(/\D/g, ''));
                      changed();
                    }}
                  />
                )}
              </FormField>
              <fieldset className="grid gap-2" aria-describedby="batch-priorities-hint">
                <legend className="font-semibold text-slate-900">{text.priorities}</legend>
                <p id="batch-priorities-hint" className="text-sm text-slate-700">
                  {text.prioritiesHint}
                </p>
                <div className="flex flex-wrap gap-4">
                  {batchPriorities.map((priority) => (
                    <label key={priority.value} className="flex min-h-11 items-center gap-2 text-slate-900">
                      <input
                        type="checkbox"
                        name="priority"
                        value={priority.value}
                        checked={priorities.has(priority.value)}
                        onChange={(event) => togglePriority(priority.value, event.target.checked)}
                        className="size-5 accent-brand-700"
                      />
                      {priority.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="outline" size="sm" disabled={busy} onClick={count}>
                {busy && !preview ? text.counting : text.count}
              </Button>
              <p role="status" className="font-medium text-slate-900">
                {reach ? text.reach(reach.count, reach.sms) : ''}
                {reach && reach.count > reach.max ? ` ${text.tooMany(reach.max)}` : ''}
              </p>
            </div>
            <FormField id="batch-template" label={text.template}>
              {(control) => (
                <Select
                  {...control}
                  name="template"
                  placeholder={text.templateNone}
                  options={batchTemplates.map((template) => ({ value: template.id, label: template.label }))}
                  defaultValue=""
                  onChange={(event) => {
                    const template = batchTemplates.find((candidate) => candidate.id === event.target.value);
                    if (template) setBody(template.text);
                    setPreview(null);
                  }}
                />
              )}
            </FormField>
            <FormField id="batch-message" label={text.message} hint={text.messageHint}>
              {(control) => (
                <Textarea
                  {...control}
                  name="message"
                  rows={5}
                  maxLength={leadMessages.maxChars}
                  value={body}
                  onChange={(event) => {
                    setBody(event.target.value);
                    setPreview(null);
                  }}
                />
              )}
            </FormField>
            <p className="text-sm text-slate-700">{text.characters(body.length)}</p>
            <LiveMessage message={error} tone="error" />
            {preview?.previewId ? (
              <div className="grid gap-3 rounded-lg border border-emergency-700 bg-emergency-50 p-3">
                <BatchPreview preview={preview} headingId={`${panelId}-preview`} />
                <p className="font-medium text-emergency-800">{text.confirmHint}</p>
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" variant="emergency" disabled={busy}>
                    {busy ? text.sending : text.confirm(preview.count, preview.sms, preview.parts ?? 0)}
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
                    {text.cancel}
                  </Button>
                </div>
              </div>
            ) : (
              <Button type="submit" className="justify-self-start" disabled={busy}>
                {busy ? text.previewing : text.send}
              </Button>
            )}
          </form>
        </section>
      ) : null}
    </div>
  );
}

/** What the server will send: the recipients, the SMS count and parts, the first SMS in full. */
function BatchPreview({ preview, headingId }: { preview: BatchPreviewAnswer; headingId: string }) {
  const more = preview.count - preview.recipients.length;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-lg font-bold text-brand-950">
        {text.previewHeading}
      </h3>
      <p className="text-slate-900">
        {text.previewSummary(preview.count, preview.sms, preview.parts ?? 0, preview.longestParts ?? 0)}
      </p>
      <h4 className="font-semibold text-slate-900">{text.recipients}</h4>
      <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm text-slate-800">
        {preview.recipients.map((recipient) => (
          <li key={recipient.reference}>
            {recipient.reference} {recipient.name} (
            {recipient.sms ? text.recipientSms : text.recipientEmailOnly})
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-sm text-slate-700">{text.moreRecipients(more)}</p> : null}
      {preview.sample ? (
        <>
          <p className="text-sm text-slate-700">{text.sample}</p>
          <pre className="rounded border border-slate-300 bg-white p-2 text-sm break-all whitespace-pre-wrap text-slate-900">
            {preview.sample}
          </pre>
        </>
      ) : null}
    </section>
  );
}
