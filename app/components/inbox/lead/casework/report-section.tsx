import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { inboxReportText as text } from '~/content/inbox-casework-report';
import { staffRequest } from '../../api';
import { formatDateTime, isoDateTime } from '../../shared/format';
import { Card } from '../../shared/card';
import type { ReportSendAnswer, ReportsAnswer } from '../../../../../domain/staff-api/reports';
import { useBusy } from '../../shared/use-busy';

const leadPath = (leadId: string) => `/api/staff/leads/${encodeURIComponent(leadId)}`;

/**
 * The first report to the insurer on the lead page: the report as the case's facts make it now
 * (a plain download link), sending it to the insurer's claims address and any addresses added,
 * and the reports sent, each kept as it was sent.
 */
export function ReportSection({
  leadId,
  onSent,
  onError,
}: {
  leadId: string;
  onSent: (done: string) => void;
  onError: (error: unknown) => void;
}) {
  const [answer, setAnswer] = useState<ReportsAnswer | null>(null);
  const [busy, run] = useBusy(onError);
  const fieldRef = useRef<HTMLInputElement>(null);
  // A list that could not be read says so in its own place; sending still works.
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    staffRequest<ReportsAnswer>('GET', `${leadPath(leadId)}/reports`, undefined, controller.signal).then(
      // An answer of another shape (an older server during a deploy) is a list that could not be read.
      (loaded) =>
        Array.isArray(loaded?.reports) && Array.isArray(loaded.defaultRecipients)
          ? setAnswer(loaded)
          : setLoadFailed(true),
      () => {
        if (!controller.signal.aborted) setLoadFailed(true);
      },
    );
    return () => controller.abort();
  }, [leadId]);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = (fieldRef.current?.value ?? '')
      .split(/[,;\s]+/)
      .map((address) => address.trim())
      .filter(Boolean);
    await run(async () => {
      const { report } = await staffRequest<ReportSendAnswer>('POST', `${leadPath(leadId)}/report`, { to });
      setAnswer((current) => current && { ...current, reports: [report, ...current.reports] });
      if (fieldRef.current) fieldRef.current.value = '';
      onSent(text.sent(report.recipients));
    });
  };

  const claimsAddress = answer?.defaultRecipients[0];
  return (
    <Card id="report" heading={text.heading} print="hidden">
      <p className="text-sm text-slate-700">{text.intro}</p>
      <a
        href={`${leadPath(leadId)}/report.pdf`}
        download
        className={buttonClasses('outline', 'md', 'justify-self-start')}
      >
        {text.download}
      </a>
      <form onSubmit={send} noValidate className="grid gap-3 print:hidden">
        {answer ? (
          <p className="wrap-anywhere">
            {claimsAddress ? text.claimsAddress(claimsAddress) : text.noClaimsAddress}
          </p>
        ) : null}
        <FormField id="report-recipients" label={text.recipientsLabel} hint={text.recipientsHint}>
          {(control) => (
            <Input {...control} ref={fieldRef} name="to" type="text" inputMode="email" autoComplete="off" />
          )}
        </FormField>
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {busy ? text.sending : text.send}
        </Button>
      </form>
      <h3 className="font-semibold text-slate-900">{text.listHeading}</h3>
      {!answer ? (
        <p className="text-slate-700">{loadFailed ? text.loadFailed : text.loading}</p>
      ) : answer.reports.length === 0 ? (
        <p className="text-slate-700">{text.none}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                {[text.columns.sentAt, text.columns.to, text.columns.by, text.columns.file].map((name) => (
                  <th key={name} scope="col" className="py-1 pr-3">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.reports.map((report) => (
                <tr key={report.id} className="border-b border-slate-100 align-top">
                  <td className="py-1 pr-3">
                    <time dateTime={isoDateTime(report.sentAt)}>{formatDateTime(report.sentAt)}</time>
                  </td>
                  <td className="py-1 pr-3 wrap-anywhere">{report.recipients.join(', ')}</td>
                  <td className="py-1 pr-3">{report.by ?? ''}</td>
                  <td className="py-1">
                    <a
                      href={`${leadPath(leadId)}/reports/${encodeURIComponent(report.id)}.pdf`}
                      download
                      aria-label={text.openLabel(formatDateTime(report.sentAt))}
                      className="text-brand-800 underline"
                    >
                      {text.open}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
