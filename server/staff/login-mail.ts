/**
 * The e-mail that tells a staff member that failed logins to their account pile up (queued by
 * server/staff/login.ts through the mail outbox, at most once an hour). It names no IP
 * and no password tried: it asks the owner to act if it was not them.
 */
import { escapeHtml } from '../mail/html.ts';
import type { ClaimedMailJob } from '../mail/outbox.ts';
import { layout, plainText } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import type { MailComposers } from '../mail/compose.ts';
import { loginAlertMailKind, type LoginAlertPayload } from './login.ts';

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

export const staffMailComposers: MailComposers = {
  [loginAlertMailKind]: { compose: composeLoginAlertMail },
};
