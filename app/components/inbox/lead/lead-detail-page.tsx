import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { inboxPaths } from '~/content/inbox';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxPagesText } from '~/content/inbox-pages';
import { errorMessage, isUnauthorized, staffApi } from '../api';
import { KindBadge, PlainBadge, PriorityBadge, StatusBadge } from '../shared/badges';
import { formatDateTime, isoDateTime, telHref } from '../shared/format';
import { CaseLinkSection } from './case-link-section';
import { AdjusterSection } from './casework/adjuster-section';
import { ReportSection } from './casework/report-section';
import { LeadCaseSteps } from './case-steps';
import { CaseClocksSection } from './casework/case-clocks-section';
import { LeadDeadline } from '../shared/lead-deadline';
import { LeadMessages } from './messages';
import { Card } from '../shared/card';
import { LeadFields } from './fields';
import { LeadHandling } from './handling';
import { LeadDuplicates } from './duplicates';
import { Notes } from './notes';
import { Photos } from './photos';
import { DryingLog } from './casework/drying-log';
import { StatusSection } from './status-section';
import { SatisfactionSection } from './satisfaction-section';
import { LiveMessage } from '../shared/live-message';
import { useLiveLead } from '../lead-version';
import type { loadLead } from '../loaders';
import type { LeadChange, LeadDetail } from '../../../../domain/staff-api/leads';
import type { LeadStatus } from '../../../../domain/staff-api/shared';

const text = inboxPagesText.lead;

/**
 * /indbakke/henvendelse/:id: one lead with every field in its own labelled row, its photos, its
 * status (who changed it and when), the customer flag, notes, and links to answer the sender.
 */
export function LeadDetailPage() {
  const { lead: loaded, timeline, staff, version } = useLoaderData<typeof loadLead>();
  // Someone else taking, calling back or changing the case shows here within 5 s.
  useLiveLead(loaded.id, version);
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

  const setStatus = (status: LeadStatus, notifyCustomer: boolean) => {
    // "I gang" again on a lead only the on-call acknowledgement moved records the customer's step.
    if (status === lead.status && !(status === 'in-progress' && !lead.workStartedAt)) return;
    const patch = status === 'done' ? { status, notifyCustomer } : { status };
    void change(patch, text.statusChanged(inboxStatusLabels[status]));
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
          <KindBadge kind={lead.kind} urgent={lead.pagesOnCall} />
          <PriorityBadge priority={lead.priority} showNormal={lead.pagesOnCall} />
          <StatusBadge status={lead.status} />
          {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
          <LeadDeadline lead={lead} />
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
        <LeadDuplicates lead={lead} />
      </div>

      <div className="flex flex-wrap gap-3 print:hidden" role="group" aria-label={text.actionsLabel}>
        {/* To the composer: an answer written there stands in the thread, where colleagues see it. */}
        <a href="#lead-message-text" className={buttonClasses('primary', 'md')}>
          <Icon name="mail" />
          {text.reply}
        </a>
        {lead.phone ? (
          <a
            href={telHref(lead.phone)}
            className={buttonClasses(lead.pagesOnCall ? 'emergency' : 'outline', 'md')}
          >
            <Icon name="phone" />
            {text.call(phoneAsWritten(lead))}
          </a>
        ) : null}
        {/* The server's own page for a phone on site: plain forms, no inbox code to load. */}
        <a href={text.technicianPath(lead.id)} className={buttonClasses('outline', 'md')}>
          {text.technician}
        </a>
        <Button type="button" variant="ghost" className="underline" onClick={() => window.print()}>
          {text.print}
        </Button>
      </div>

      <LiveMessage message={error} tone="error" className="print:hidden" />
      <LiveMessage message={message} className="print:hidden" />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] print:gap-3">
        <div className="grid min-w-0 content-start gap-6 print:gap-3">
          <Card id="fields" heading={text.fieldsHeading} print="sheet">
            <LeadFields rows={lead.rows} />
          </Card>
          {lead.spamReasons && lead.spamReasons.length > 0 ? (
            <Card id="spam" heading={text.spamHeading} print="sheet">
              <p>{text.spamIntro}</p>
              <ul className="list-disc pl-5 wrap-anywhere">
                {lead.spamReasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </Card>
          ) : null}
          {lead.images.length > 0 ? <Photos leadId={lead.id} images={lead.images} /> : null}
          <LeadMessages
            lead={lead}
            version={version}
            onSent={(sentAt) => setSaved({ from: loaded, lead: answered(lead, sentAt) })}
            onError={fail}
          />
          <DryingLog leadId={lead.id} onError={fail} />
        </div>

        <div className="grid min-w-0 content-start gap-6 print:gap-3">
          <LeadHandling
            key={lead.id}
            lead={lead}
            staff={staff}
            timeline={timeline}
            onCalledBack={(calledBackAt) =>
              setSaved({ from: loaded, lead: answered({ ...lead, calledBackAt }, calledBackAt) })
            }
          />
          <StatusSection lead={lead} saving={saving} onChange={setStatus} />
          <LeadCaseSteps
            key={`steps-${lead.id}`}
            lead={lead}
            onStartWork={() => setStatus('in-progress', false)}
            onVisitChanged={(visitAt, done) => {
              setSaved({ from: loaded, lead: { ...lead, visitAt } });
              setError(null);
              setMessage(done);
            }}
            onError={fail}
          />
          <CaseClocksSection
            key={`clocks-${lead.id}`}
            leadId={lead.id}
            version={version}
            onUnauthorized={() => void navigate(inboxPaths.login, { replace: true })}
          />
          <Card id="customer" heading={text.customerHeading} print="hidden">
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
          </Card>
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
          <AdjusterSection lead={lead} version={version} onError={fail} />
          <SatisfactionSection leadId={lead.id} version={version} onError={fail} />
          <ReportSection key={`report-${lead.id}`} leadId={lead.id} onSent={setMessage} onError={fail} />
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

/**
 * The lead once a callback or a message of ours answered it: the first answer is the first of
 * those (the server records it the same way), so the deadline turns to "Besvaret" at once.
 */
function answered(lead: LeadDetail, at: string): LeadDetail {
  return lead.firstResponseAt ? lead : { ...lead, firstResponseAt: at };
}
