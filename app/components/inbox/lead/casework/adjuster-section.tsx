import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { cn } from '~/lib/cn';
import { adjusterSectionText as text } from '~/content/inbox-casework-adjuster';
import {
  isUnhappy,
  satisfactionLabels,
  type SatisfactionScore,
} from '../../../../../domain/satisfaction-scale';
import type { AdjusterLink } from '../../../../../domain/staff-api/adjuster';
import type { LeadDetail } from '../../../../../domain/staff-api/leads';
import { StaffApiError, isUnauthorized } from '../../api';
import { formatDateTime } from '../../shared/format';
import { LiveMessage } from '../../shared/live-message';
import { Card } from '../../shared/card';
import { adjusterApi } from './adjuster-api';
import { AdjusterThread } from './adjuster-thread';
import { useBusy } from '../../shared/use-busy';

/** The adjuster's answer to the satisfaction question on their page; 1–2 stands out. */
function AdjusterAnswer({ answer }: { answer: NonNullable<AdjusterLink['satisfaction']> }) {
  const changed = answer.changedAt ? formatDateTime(answer.changedAt) : null;
  return (
    <>
      <p
        className={cn(
          'text-sm',
          isUnhappy(answer.score) ? 'font-semibold text-emergency-800' : 'text-slate-700',
        )}
      >
        {text.satisfaction(
          answer.score,
          satisfactionLabels[answer.score as SatisfactionScore],
          formatDateTime(answer.answeredAt),
          changed,
        )}
      </p>
      {answer.comment ? (
        <p className="text-sm whitespace-pre-line text-slate-700 wrap-anywhere">
          {text.satisfactionComment(answer.comment)}
        </p>
      ) : null}
    </>
  );
}

/**
 * "Taksator": the links given to the insurer's loss adjuster (who gave each, until when it works,
 * when it was last opened, the adjuster's satisfaction answer; close one), a form to give a new one by e-mail, and the adjuster's own
 * thread. Read on its own after the lead, so a failed read leaves the rest of the page as it is.
 */
export function AdjusterSection({
  lead,
  version,
  onError,
}: {
  lead: LeadDetail;
  version?: string | null;
  onError: (error: unknown) => void;
}) {
  const [links, setLinks] = useState<AdjusterLink[]>([]);
  const [busy, run] = useBusy(onError);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    adjusterApi.links(lead.id, controller.signal).then(
      (answer) => setLinks(Array.isArray(answer?.links) ? answer.links : []),
      (caught) => {
        if (!controller.signal.aborted) onError(caught);
      },
    );
    return () => controller.abort();
    // onError is the page's; a new function per render must not read the links again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lead.id, version]);

  const give = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const insurer = String(fields.get('insurer') ?? '').trim();
    setDone(null);
    setRefusal(null);
    await run(
      async () => {
        const { link } = await adjusterApi.give(lead.id, {
          name: String(fields.get('name') ?? ''),
          email: String(fields.get('email') ?? ''),
          ...(insurer ? { insurer } : {}),
        });
        setLinks((shown) => [link, ...shown]);
        form.reset();
        setDone(text.given_);
      },
      (caught) => {
        // A refusal (400 a field, 403 not theirs to give) stands by the form; others go to the page.
        if (caught instanceof StaffApiError && [400, 403].includes(caught.status) && !isUnauthorized(caught))
          setRefusal(caught.message);
        else onError(caught);
      },
    );
  };

  const revoke = async (linkId: string) => {
    setDone(null);
    await run(async () => {
      const { link } = await adjusterApi.revoke(lead.id, linkId);
      setLinks((shown) => shown.map((candidate) => (candidate.id === link.id ? link : candidate)));
      setDone(text.revoked);
    });
  };

  return (
    <Card id="adjuster" heading={text.heading} print="hidden">
      <p className="text-sm text-slate-700">{text.intro}</p>
      <h3 className="text-lg font-bold text-brand-950">{text.linksHeading}</h3>
      {links.length === 0 ? (
        <p className="text-slate-700">{text.noLinks}</p>
      ) : (
        <ul className="grid gap-3">
          {links.map((link) => (
            <li key={link.id} className="grid gap-1 rounded-lg border border-slate-200 p-3">
              <p className="font-semibold wrap-anywhere">
                {text.linkLine(link.name, link.email, link.insurer)}
              </p>
              <p className="text-sm text-slate-700">
                {text.given(link.createdBy, formatDateTime(link.createdAt))} ·{' '}
                {link.revokedAt
                  ? text.closed
                  : link.open
                    ? text.expires(formatDateTime(link.expiresAt))
                    : text.expired}{' '}
                · {text.opened(link.lastOpenedAt ? formatDateTime(link.lastOpenedAt) : null)}
              </p>
              {link.satisfaction ? <AdjusterAnswer answer={link.satisfaction} /> : null}
              {link.open ? (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="justify-self-start underline"
                  disabled={busy}
                  onClick={() => void revoke(link.id)}
                >
                  {text.revoke}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={give} noValidate aria-labelledby="adjuster-give-heading" className="grid gap-3">
        <h3 id="adjuster-give-heading" className="text-lg font-bold text-brand-950">
          {text.giveHeading}
        </h3>
        <FormField id="adjuster-name" label={text.name} required>
          {(control) => <Input {...control} name="name" autoComplete="off" maxLength={120} />}
        </FormField>
        <FormField id="adjuster-email" label={text.email} required>
          {(control) => <Input {...control} name="email" type="email" autoComplete="off" maxLength={254} />}
        </FormField>
        <FormField id="adjuster-insurer" label={text.insurer} hint={text.insurerHint}>
          {(control) => <Input {...control} name="insurer" autoComplete="off" maxLength={120} />}
        </FormField>
        <LiveMessage message={refusal} tone="error" />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {busy ? text.giving : text.give}
        </Button>
        <LiveMessage message={done} />
      </form>
      <AdjusterThread
        lead={lead}
        version={version}
        canAnswer={links.some((link) => link.open)}
        onError={onError}
      />
    </Card>
  );
}
