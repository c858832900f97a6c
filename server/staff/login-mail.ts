/**
 * The e-mails that tell a staff member that failed logins to their account pile up (queued by
 * server/staff/login.ts through the mail outbox, at most once an hour), and that wrong codes
 * reached the cap per account (./second-factor-cap.ts: to the owner and the company inbox, at
 * most once a window). They name no IP and no password or code tried: they ask the owner to act
 * if it was not them.
 */
import { escapeHtml } from '../mail/html.ts';
import type { ClaimedMailJob } from '../mail/outbox.ts';
import { layout, plainText } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import type { MailComposers } from '../mail/compose.ts';
import { loginAlertMailKind, type LoginAlertPayload } from './login.ts';
import { secondFactorAlertMailKind, type SecondFactorAlertPayload } from './second-factor-cap.ts';

export function renderLoginAlert(
  failures: number,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const title = 'Mange mislykkede login på din konto';
  const intro = `Der er inden for den seneste time forsøgt at logge ind på din konto til indbakken ${failures} gange uden held.`;
  const calm =
    'Var det dig, der havde glemt adgangskoden, skal du ikke gøre noget. Kontoen er ikke spærret: forsøgene skal blot vente længere og længere.';
  const act =
    'Var det ikke dig, så bed den, der administrerer kontiene, om en ny adgangskode (npm run staff -- reset-password), og tal med dem om det.';
  const url = `${publicUrl}/indbakke`;
  return {
    subject: title,
    text: plainText([title, '', intro, '', calm, '', act, '', url]),
    html: layout(
      title,
      escapeHtml(intro),
      [
        `<p style="margin:0 0 12px">${escapeHtml(calm)}</p>`,
        `<p style="margin:0 0 12px">${escapeHtml(act)}</p>`,
        `<p style="margin:0"><a href="${escapeHtml(url)}" style="color:#0f766e">Åbn indbakken</a></p>`,
      ].join('\n'),
    ),
  };
}

export function composeLoginAlertMail(
  deps: { publicUrl: string; mail: { from: string } },
  job: ClaimedMailJob,
): OutgoingMail {
  const payload = job.payload as Partial<LoginAlertPayload> | null;
  if (!payload?.email || typeof payload.failures !== 'number') {
    throw new Error(`mail job ${job.id} (staff-login-alert) has no address or count`);
  }
  const rendered = renderLoginAlert(payload.failures, deps.publicUrl);
  return {
    messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`,
    from: deps.mail.from,
    to: payload.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: [],
  };
}

/**
 * Whoever typed the codes got past the password, so the owner is asked to change it; the company
 * inbox gets the same news with the account named, as nobody else administers accounts.
 */
export function renderSecondFactorAlert(
  payload: Pick<SecondFactorAlertPayload, 'email' | 'recipient' | 'failures' | 'windowMinutes'>,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const owner = payload.recipient === 'owner';
  const title = owner ? 'Login på din konto er sat på pause' : `Login sat på pause for ${payload.email}`;
  const intro = owner
    ? `Der er tastet ${payload.failures} forkerte koder til din konto i indbakken inden for ${payload.windowMinutes} minutter.`
    : `Der er tastet ${payload.failures} forkerte koder til kontoen ${payload.email} i indbakken inden for ${payload.windowMinutes} minutter.`;
  const pause = `Koden bliver kun spurgt om efter den rigtige adgangskode, så den, der prøvede, kendte adgangskoden. Login med kode eller gendannelseskode er sat på pause i op til ${payload.windowMinutes} minutter; derefter virker den rigtige kode igen.`;
  const act = owner
    ? 'Var det ikke dig, så bed den, der administrerer kontiene, om en ny adgangskode med det samme (npm run staff -- reset-password).'
    : `Tal med ${payload.email}. Var det ikke dem, så giv kontoen en ny adgangskode med det samme (npm run staff -- reset-password ${payload.email}).`;
  const url = `${publicUrl}/indbakke`;
  return {
    subject: title,
    text: plainText([title, '', intro, '', pause, '', act, '', url]),
    html: layout(
      title,
      escapeHtml(intro),
      [
        `<p style="margin:0 0 12px">${escapeHtml(pause)}</p>`,
        `<p style="margin:0 0 12px">${escapeHtml(act)}</p>`,
        `<p style="margin:0"><a href="${escapeHtml(url)}" style="color:#0f766e">Åbn indbakken</a></p>`,
      ].join('\n'),
    ),
  };
}

export function composeSecondFactorAlertMail(
  deps: { publicUrl: string; mail: { from: string; to: string } },
  job: ClaimedMailJob,
): OutgoingMail {
  const payload = job.payload as Partial<SecondFactorAlertPayload> | null;
  if (
    !payload?.email ||
    (payload.recipient !== 'owner' && payload.recipient !== 'company') ||
    typeof payload.failures !== 'number' ||
    typeof payload.windowMinutes !== 'number'
  ) {
    throw new Error(`mail job ${job.id} (${secondFactorAlertMailKind}) has no address, recipient or count`);
  }
  const rendered = renderSecondFactorAlert(
    {
      email: payload.email,
      recipient: payload.recipient,
      failures: payload.failures,
      windowMinutes: payload.windowMinutes,
    },
    deps.publicUrl,
  );
  return {
    messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`,
    from: deps.mail.from,
    to: payload.recipient === 'owner' ? payload.email : deps.mail.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: [],
  };
}

export const staffMailComposers: MailComposers = {
  [loginAlertMailKind]: { compose: composeLoginAlertMail },
  [secondFactorAlertMailKind]: { compose: composeSecondFactorAlertMail },
};
