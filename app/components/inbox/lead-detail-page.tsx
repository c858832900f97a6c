import { useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { inboxPaths, inboxStatusLabels } from '~/content/inbox';
import { inboxPagesText } from '~/content/inbox-pages';
import { cn } from '~/lib/cn';
import { errorMessage, isUnauthorized, staffApi } from './api';
import { KindBadge, PlainBadge, StatusBadge } from './badges';
import { formatDateTime, isoDateTime, mailtoHref, telHref } from './format';
import { LeadHandling } from './lead-handling';
import { Photos } from './lead-photos';
import { LiveMessage } from './live-message';
import type { loadLead } from './loaders';
import type {
  CaseLinkState,
  CustomerMessage,
  LeadChange,
  LeadDetail,
  LeadNote,
  LeadRow,
} from '../../../domain/staff-api/leads';
import type { LeadStatus } from '../../../domain/staff-api/shared';

const text = inboxPagesText.lead;

/** Printed, a card is a plain block of the one-page case sheet: no frame, tighter type. */
const card =
  'grid min-w-0 content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 print:gap-1 print:border-0 print:p-0';
const cardHeading = 'text-xl font-bold text-brand-950 print:text-base';

/**
 * /indbakke/henvendelse/:id: one lead with every field in its own labelled row, its photos, its
 * status (who changed it and when), the customer flag, notes, and links to answer the sender.
 */
export function LeadDetailPage() {
  const { lead: loaded, timeline, staff } = useLoaderData<typeof loadLead>();
  // A saved change answers the lead as it is now; it stands until the loader loads the lead anew.
  const [saved, setSaved] = useState<{ from: LeadDetail; lead: LeadDetail } | null>(null);
  const lead = saved?.from === loaded ? saved.lead : loaded;
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [pendingCustomer, setPendingCustomer] = useState<boolean | null>(null);

  const fail = (caught: unknown) => {
    if (isUnauthorized(caught)) return void navigate(inboxPaths.login, { replace: true });
    setError(errorMessage(caught));
  };

  const change = async (patch: LeadChange, done: string) => {
    setError(null);
    setMessage(null);
    setSaving(true);
    try {
      const answer = await staffApi.updateLead(lead.id, patch);
      setSaved({ from: loaded, lead: answer.lead });
      setMessage(done);
    } catch (caught) {
      fail(caught);
    } finally {
      setSaving(false);
      setPendingCustomer(null);
    }
  };

  const setStatus = (status: LeadStatus) => {
    if (status === lead.status) return;
    void change({ status }, text.statusChanged(inboxStatusLabels[status]));
  };

  const setCustomer = (isCustomer: boolean) => {
    setPendingCustomer(isCustomer);
    void change({ isCustomer }, isCustomer ? text.customerOn : text.customerOff);
  };

  return (
    <>
      <p className="print:hidden">
        <Link
          to={inboxPaths.inbox}
          className="inline-flex items-center gap-1 font-medium text-brand-800 underline underline-offset-4"
        >
          <Icon name="arrow-left" className="size-4" />
          {text.back}
        </Link>
      </p>

      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge kind={lead.kind} />
          <StatusBadge status={lead.status} />
          {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
        </div>
        <h1
          tabIndex={-1}
          className="text-3xl font-bold wrap-anywhere text-brand-950 focus:outline-none print:text-xl"
        >
          {lead.name}
        </h1>
        <p className="wrap-anywhere text-slate-700">
          {lead.kindLabel} · {lead.reference} · {text.received}{' '}
          <time dateTime={isoDateTime(lead.receivedAt)}>{formatDateTime(lead.receivedAt)}</time>
        </p>
      </div>

      <div className="flex flex-wrap gap-3 print:hidden" role="group" aria-label={text.actionsLabel}>
        <a
          href={mailtoHref(lead.email, text.replySubject(lead.reference))}
          className={buttonClasses('primary', 'md')}
        >
          <Icon name="mail" />
          {text.reply}
        </a>
        {lead.phone ? (
          <a
            href={telHref(lead.phone)}
            className={buttonClasses(lead.kind === 'akut-skade' ? 'emergency' : 'outline', 'md')}
          >
            <Icon name="phone" />
            {text.call(phoneAsWritten(lead))}
          </a>
        ) : null}
        <Button type="button" variant="ghost" className="underline" onClick={() => window.print()}>
          {text.print}
        </Button>
      </div>

      <LiveMessage message={error} tone="error" className="print:hidden" />
      <LiveMessage message={message} className="print:hidden" />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] print:gap-3">
        <div className="grid min-w-0 content-start gap-6 print:gap-3">
          <section aria-labelledby="fields-heading" className={card}>
            <h2 id="fields-heading" className={cardHeading}>
              {text.fieldsHeading}
            </h2>
            <LeadFields rows={lead.rows} />
          </section>
          {lead.spamReasons && lead.spamReasons.length > 0 ? (
            <section aria-labelledby="spam-heading" className={card}>
              <h2 id="spam-heading" className={cardHeading}>
                {text.spamHeading}
              </h2>
              <p>{text.spamIntro}</p>
              <ul className="list-disc pl-5 wrap-anywhere">
                {lead.spamReasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {lead.images.length > 0 ? <Photos leadId={lead.id} images={lead.images} /> : null}
          {lead.customerMessages && lead.customerMessages.length > 0 ? (
            <CustomerMessages messages={lead.customerMessages} />
          ) : null}
        </div>

        <div className="grid min-w-0 content-start gap-6 print:gap-3">
          <LeadHandling key={lead.id} lead={lead} staff={staff} timeline={timeline} />
          <StatusSection lead={lead} saving={saving} onChange={setStatus} />
          <section aria-labelledby="customer-heading" className={cn(card, 'print:hidden')}>
            <h2 id="customer-heading" className={cardHeading}>
              {text.customerHeading}
            </h2>
            <div className="flex items-start gap-3">
              <input
                id="lead-customer"
                type="checkbox"
                role="switch"
                checked={pendingCustomer ?? lead.isCustomer}
                disabled={saving}
                onChange={(event) => setCustomer(event.target.checked)}
                aria-describedby="lead-customer-hint"
                className="mt-0.5 size-6 shrink-0 accent-brand-700"
              />
              <div className="grid gap-1">
                <label htmlFor="lead-customer" className="font-semibold text-slate-900">
                  {text.customer}
                </label>
                <p id="lead-customer-hint" className="text-sm text-slate-700">
                  {text.customerHint}
                </p>
              </div>
            </div>
          </section>
          {lead.caseLink ? (
            <CaseLinkSection
              lead={lead}
              caseLink={lead.caseLink}
              onChanged={(caseLink, done) => {
                setSaved({ from: loaded, lead: { ...lead, caseLink } });
                setError(null);
                setMessage(done);
              }}
              onError={fail}
            />
          ) : null}
          <Notes
            lead={lead}
            onAdded={(note) => {
              // The new note joins the lead on the page: no reload, so no new "viewed" in the log.
              setSaved({ from: loaded, lead: { ...lead, notes: [...lead.notes, note] } });
              setMessage(text.noteAdded);
            }}
            onError={fail}
          />
        </div>
      </div>
    </>
  );
}

/** The phone number as its row shows it (grouped), or as stored. */
function phoneAsWritten(lead: LeadDetail): string {
  const row = lead.rows.find((candidate) => candidate.href === telHref(lead.phone ?? ''));
  return row?.value || lead.phone || '';
}

/** Only links staff can safely follow are links; anything else is shown as text. */
function safeHref(href: string | undefined): string | undefined {
  return href && /^(mailto:|tel:|https?:)/i.test(href) ? href : undefined;
}

export function LeadFields({ rows }: { rows: LeadRow[] }) {
  return (
    <dl className="divide-y divide-slate-200 print:text-sm">
      {rows.map((row, index) => {
        const href = safeHref(row.href);
        return (
          <div
            key={`${row.label}-${index}`}
            className="grid grid-cols-[minmax(0,1fr)] gap-1 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4 print:grid-cols-[9rem_minmax(0,1fr)] print:gap-2 print:py-1"
          >
            <dt className="font-semibold wrap-anywhere text-slate-700">{row.label}</dt>
            <dd className={cn('wrap-anywhere text-slate-900', row.multiline && 'whitespace-pre-line')}>
              {href ? (
                <a href={href} className="text-brand-800 underline underline-offset-4">
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function StatusSection({
  lead,
  saving,
  onChange,
}: {
  lead: LeadDetail;
  saving: boolean;
  onChange: (status: LeadStatus) => void;
}) {
  const steps = ['new', 'in-progress', 'done'] as const;
  return (
    <section aria-labelledby="status-heading" className={card}>
      <h2 id="status-heading" className={cardHeading}>
        {text.statusHeading}
      </h2>
      <p className="flex flex-wrap items-center gap-2">
        {text.currentStatus}: <StatusBadge status={lead.status} />
      </p>
      <p className="text-sm wrap-anywhere text-slate-700">
        {lead.statusChangedAt
          ? text.changedBy(lead.statusChangedBy, formatDateTime(lead.statusChangedAt))
          : text.neverChanged}
      </p>
      <div
        role="group"
        aria-label={text.statusGroupLabel}
        className="flex flex-wrap items-center gap-2 print:hidden"
      >
        {steps.map((status, index) => (
          <span key={status} className="inline-flex items-center gap-2">
            {index > 0 ? <Icon name="arrow-right" className="size-4 text-slate-500" /> : null}
            <Button
              type="button"
              size="sm"
              variant={lead.status === status ? 'primary' : 'outline'}
              aria-pressed={lead.status === status}
              disabled={saving}
              onClick={() => onChange(status)}
            >
              {inboxStatusLabels[status]}
            </Button>
          </span>
        ))}
      </div>
      <div className="print:hidden">
        {lead.status === 'spam' ? (
          <Button type="button" size="sm" variant="outline" disabled={saving} onClick={() => onChange('new')}>
            {text.notSpam}
          </Button>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={saving}
            onClick={() => onChange('spam')}
            className="underline"
          >
            {text.markSpam}
          </Button>
        )}
      </div>
    </section>
  );
}

function Notes({
  lead,
  onAdded,
  onError,
}: {
  lead: LeadDetail;
  onAdded: (note: LeadNote) => void;
  onError: (error: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = fieldRef.current?.value.trim() ?? '';
    if (!body) {
      setMissing(true);
      fieldRef.current?.focus();
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      const { note } = await staffApi.addNote(lead.id, body);
      if (fieldRef.current) fieldRef.current.value = '';
      onAdded(note);
    } catch (caught) {
      onError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="notes-heading" className={card}>
      <h2 id="notes-heading" className={cardHeading}>
        {text.notesHeading}
      </h2>
      {lead.notes.length === 0 ? (
        <p className="text-slate-700">{text.noNotes}</p>
      ) : (
        <ol className="grid gap-3">
          {lead.notes.map((note) => (
            <li key={note.id} className="grid min-w-0 gap-1 rounded-lg bg-slate-50 p-3 print:p-0">
              <p className="text-sm wrap-anywhere text-slate-700">
                <strong className="font-semibold text-slate-900">{note.authorName}</strong> ·{' '}
                <time dateTime={isoDateTime(note.createdAt)}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="wrap-anywhere whitespace-pre-line text-slate-900 print:text-sm">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="grid gap-3 print:hidden">
        <FormField
          id="note-body"
          label={text.noteLabel}
          hint={text.noteHint}
          error={missing ? text.noteMissing : undefined}
        >
          {(control) => <Textarea {...control} ref={fieldRef} name="body" rows={3} />}
        </FormField>
        <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
          <Icon name="notebook-pen" />
          {busy ? text.addingNote : text.addNote}
        </Button>
      </form>
    </section>
  );
}

/** What the customer wrote on their case page: shown as theirs, apart from the staff notes. */
function CustomerMessages({ messages }: { messages: CustomerMessage[] }) {
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

/** The customer's case page link: its state, a new link by e-mail, or closing it. */
function CaseLinkSection({
  lead,
  caseLink,
  onChanged,
  onError,
}: {
  lead: LeadDetail;
  caseLink: CaseLinkState;
  onChanged: (caseLink: CaseLinkState, done: string) => void;
  onError: (error: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<{ caseLink: CaseLinkState }>, done: string) => {
    setBusy(true);
    try {
      onChanged((await call()).caseLink, done);
    } catch (caught) {
      onError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="case-link-heading" className={cn(card, 'print:hidden')}>
      <h2 id="case-link-heading" className={cardHeading}>
        {text.caseLinkHeading}
      </h2>
      <p className="wrap-anywhere">
        {caseLink.open
          ? text.caseLinkOpen(caseLink.lastSentAt ? formatDateTime(caseLink.lastSentAt) : null)
          : text.caseLinkClosed}
      </p>
      <p className="text-sm text-slate-700">{text.caseLinkHint}</p>
      <div className="flex flex-wrap gap-2">
        {lead.status === 'spam' ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void act(() => staffApi.sendCaseLink(lead.id), text.caseLinkSent)}
          >
            {text.sendCaseLink}
          </Button>
        )}
        {caseLink.open ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="underline"
            disabled={busy}
            onClick={() => void act(() => staffApi.closeCaseLink(lead.id), text.caseLinkClosedDone)}
          >
            {text.closeCaseLink}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
