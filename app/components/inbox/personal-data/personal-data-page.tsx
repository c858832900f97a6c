import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { inboxPaths } from '~/content/inbox';
import { inboxPagesText } from '~/content/inbox-pages';
import { errorMessage, isUnauthorized, personalDataExportUrl, staffApi } from '../api';
import { KindBadge, PlainBadge, StatusBadge } from '../shared/badges';
import { formatDateTime, isoDateTime } from '../shared/format';
import { LiveMessage } from '../shared/live-message';
import type {
  ErasureAnswer as ErasureResult,
  PersonAdjusterLink,
  PersonLead,
  Person as PersonQuery,
} from '../../../../domain/staff-api/personal-data';
import { normalisePersonValue } from '../../../../domain/person';
import { PageHeading } from '../shared/page-heading';
import { AdjusterLinksFound } from './adjuster-links';

const text = inboxPagesText.personalData;

type SearchBy = 'email' | 'phone';

/** How two spellings of the same address or number compare: by the server's rule (domain/person.ts). */
const normalise = normalisePersonValue;

function queryValue(person: PersonQuery): string {
  return 'email' in person ? person.email : person.phone;
}

/**
 * /indbakke/persondata: everything stored about one person, found by e-mail or phone; download it
 * as JSON (a subject access request) or erase it after typing the address or number again.
 */
export function PersonalDataPage() {
  const navigate = useNavigate();
  const [by, setBy] = useState<SearchBy>('email');
  const [person, setPerson] = useState<PersonQuery | null>(null);
  const [leads, setLeads] = useState<PersonLead[] | null>(null);
  const [adjusterLinks, setAdjusterLinks] = useState<PersonAdjusterLink[]>([]);
  const [searching, setSearching] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<ErasureResult['erased'] | null>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const eraseButtonRef = useRef<HTMLButtonElement>(null);
  const focusResults = useRef(false);

  useEffect(() => {
    if (!focusResults.current) return;
    focusResults.current = false;
    resultsRef.current?.focus();
  }, [leads]);

  const fail = (caught: unknown) => {
    if (isUnauthorized(caught)) return void navigate(inboxPaths.login, { replace: true });
    setError(errorMessage(caught));
  };

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = searchRef.current?.value.trim() ?? '';
    if (!value) {
      setFieldError(text.missing);
      searchRef.current?.focus();
      return;
    }
    const query: PersonQuery = by === 'email' ? { email: value } : { phone: value };
    setFieldError(null);
    setError(null);
    setErased(null);
    setConfirming(false);
    setSearching(true);
    try {
      const answer = await staffApi.personalData(query);
      focusResults.current = true;
      setPerson(query);
      setLeads(answer.leads);
      // A server from before adjusters were looked up answers none.
      setAdjusterLinks(answer.adjusterLinks ?? []);
    } catch (caught) {
      fail(caught);
    } finally {
      setSearching(false);
    }
  };

  const onErased = (result: ErasureResult['erased']) => {
    setConfirming(false);
    setErased(result);
    setLeads([]);
    setAdjusterLinks([]);
  };

  const erasedMessage = erased
    ? [
        text.erased(erased.leads, erased.photos, erased.mails),
        erased.adjusterLinks ? text.erasedAdjusterLinks(erased.adjusterLinks) : null,
      ]
        .filter(Boolean)
        .join(' ')
    : null;

  return (
    <>
      <PageHeading heading={text.heading} intro={text.intro} narrow />

      <form
        onSubmit={search}
        noValidate
        className="grid max-w-3xl gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">{text.searchBy}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['email', 'phone'] as const).map((option) => (
              <label key={option} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="by"
                  value={option}
                  checked={by === option}
                  onChange={() => {
                    setBy(option);
                    setFieldError(null);
                  }}
                  className="size-5 accent-brand-700"
                />
                {option === 'email' ? text.byEmail : text.byPhone}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <FormField
            id="person-query"
            label={by === 'email' ? text.email : text.phone}
            error={fieldError ?? undefined}
            className="min-w-64 flex-1"
          >
            {(control) => (
              <Input
                {...control}
                key={by}
                ref={searchRef}
                name={by}
                type={by === 'email' ? 'email' : 'tel'}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </FormField>
          <Button type="submit" disabled={searching}>
            <Icon name="search" />
            {searching ? text.searching : text.search}
          </Button>
        </div>
      </form>

      <LiveMessage message={error} tone="error" />
      <LiveMessage message={erasedMessage} />

      {person && leads ? (
        <section aria-labelledby="person-results-heading" className="grid max-w-3xl gap-4">
          <h2
            id="person-results-heading"
            ref={resultsRef}
            tabIndex={-1}
            className="text-xl font-bold wrap-anywhere text-brand-950 focus:outline-none"
          >
            {text.resultsHeading}: {queryValue(person)}
          </h2>
          <p>{text.found(leads.length)}</p>
          {leads.length > 0 || adjusterLinks.length > 0 ? (
            <>
              {leads.length > 0 ? (
                <ul className="grid gap-3">
                  {leads.map((lead) => (
                    <li key={lead.id} className="grid gap-1 rounded-xl border border-slate-300 bg-white p-4">
                      <div className="flex flex-wrap items-center gap-2">
                        <KindBadge kind={lead.kind} />
                        <StatusBadge status={lead.status} />
                        {lead.role === 'rekvirent' ? <PlainBadge>{text.requester}</PlainBadge> : null}
                        {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
                      </div>
                      <p className="font-semibold wrap-anywhere">
                        <Link
                          to={inboxPaths.lead(lead.id)}
                          className="text-brand-900 underline underline-offset-4"
                        >
                          {lead.name}
                        </Link>
                      </p>
                      <p className="text-sm text-slate-600">
                        <time dateTime={isoDateTime(lead.receivedAt)}>{formatDateTime(lead.receivedAt)}</time>{' '}
                        · {lead.reference}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : null}
              {adjusterLinks.length > 0 ? <AdjusterLinksFound links={adjusterLinks} /> : null}
              <div className="flex flex-wrap gap-3">
                <a href={personalDataExportUrl(person)} download className={buttonClasses('outline')}>
                  <Icon name="download" />
                  {text.downloadJson}
                </a>
                {confirming ? null : (
                  <Button
                    ref={eraseButtonRef}
                    type="button"
                    variant="emergency"
                    onClick={() => setConfirming(true)}
                  >
                    <Icon name="trash" />
                    {text.erase}
                  </Button>
                )}
              </div>
              {confirming ? (
                <ConfirmErasure
                  person={person}
                  by={'email' in person ? 'email' : 'phone'}
                  count={leads.length}
                  adjusterLinks={adjusterLinks.length}
                  requesterOnly={leads.some((lead) => lead.role === 'rekvirent')}
                  customer={leads.some((lead) => lead.isCustomer && lead.role !== 'rekvirent')}
                  onCancel={() => {
                    setConfirming(false);
                    requestAnimationFrame(() => eraseButtonRef.current?.focus());
                  }}
                  onErased={onErased}
                  onError={fail}
                />
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

function ConfirmErasure({
  person,
  by,
  count,
  adjusterLinks,
  requesterOnly,
  customer,
  onCancel,
  onErased,
  onError,
}: {
  person: PersonQuery;
  by: SearchBy;
  count: number;
  /** Links to the adjuster's page given to the person. */
  adjusterLinks: number;
  requesterOnly: boolean;
  /** A lead the person sent is marked as customer: erasing needs one more, explicit confirmation. */
  customer: boolean;
  onCancel: () => void;
  onErased: (result: ErasureResult['erased']) => void;
  onError: (error: unknown) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [mismatch, setMismatch] = useState(false);
  const [customerMissing, setCustomerMissing] = useState(false);
  const customerRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => headingRef.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = inputRef.current?.value ?? '';
    if (normalise(by, typed) !== normalise(by, queryValue(person))) {
      setMismatch(true);
      inputRef.current?.focus();
      return;
    }
    setMismatch(false);
    if (customer && !customerRef.current?.checked) {
      setCustomerMissing(true);
      customerRef.current?.focus();
      return;
    }
    setCustomerMissing(false);
    setBusy(true);
    try {
      const { erased } = await staffApi.erase(
        person,
        typed.trim(),
        customer ? { overrideCustomerRetention: true } : {},
      );
      onErased(erased);
    } catch (caught) {
      setBusy(false);
      onError(caught);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="erase-heading"
      className="grid gap-4 rounded-xl border-2 border-emergency-700 bg-emergency-50 p-4 sm:p-5"
    >
      <h3
        id="erase-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-emergency-900 focus:outline-none"
      >
        {text.confirmHeading}
      </h3>
      {count > 0 ? <p className="text-emergency-900">{text.confirmIntro(count)}</p> : null}
      {adjusterLinks > 0 ? <p className="text-emergency-900">{text.adjusterErasure(adjusterLinks)}</p> : null}
      {requesterOnly ? <p className="text-emergency-900">{text.requesterErasure}</p> : null}
      {customer ? (
        <div className="grid gap-3 rounded-lg border border-emergency-700 bg-white p-4">
          <h4 className="font-bold text-emergency-900">{text.customerWarningHeading}</h4>
          <p id="erase-customer-warning" className="text-slate-900">
            {text.customerWarning}
          </p>
          <div className="flex items-start gap-3">
            <input
              ref={customerRef}
              id="erase-customer-confirm"
              type="checkbox"
              aria-describedby={
                customerMissing ? 'erase-customer-warning erase-customer-error' : 'erase-customer-warning'
              }
              aria-invalid={customerMissing ? true : undefined}
              className="mt-0.5 size-6 shrink-0 accent-emergency-700"
            />
            <label htmlFor="erase-customer-confirm" className="font-semibold text-slate-900">
              {text.customerConfirm}
            </label>
          </div>
          {customerMissing ? (
            <p id="erase-customer-error" className="text-sm font-medium text-emergency-700">
              {text.customerConfirmMissing}
            </p>
          ) : null}
        </div>
      ) : null}
      <FormField
        id="erase-confirm"
        label={by === 'email' ? text.confirmEmail : text.confirmPhone}
        error={mismatch ? text.confirmMismatch : undefined}
      >
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            type={by === 'email' ? 'email' : 'tel'}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="emergency" disabled={busy}>
          <Icon name="trash" />
          {busy ? text.erasing : text.eraseConfirm}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}
