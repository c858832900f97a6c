/**
 * The e-mails that tell a staff member that failed logins to their account pile up (queued by
 * server/staff/login.ts through the mail outbox, at most once an hour), and that wrong codes
 * reached the cap per account (./second-factor-cap.ts: to the owner and the company inbox, at
 * most once a window). They name no IP and no password or code tried: they ask the owner to act
 * if it was not them.
 */
import { z } from 'zod';
import { escapeHtml } from '../mail/html.ts';
import { layout, plainText } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { mailComposersOf, mailKind, type ParsedMailJob } from '../mail/compose.ts';

/** Failed logins piling up on an account (./login.ts): to its owner. */
const loginAlertPayload = z.object({ userId: z.string(), email: z.string(), failures: z.number() });

/** Wrong codes reached the cap (./second-factor-cap.ts): to the owner and to the company inbox. */
const secondFactorAlertPayload = z.object({
  userId: z.string(),
  /** The account's login, which the owner's mail goes to. */
  email: z.string(),
  recipient: z.enum(['owner', 'company']),
  failures: z.number(),
  windowMinutes: z.number(),
});

type SecondFactorAlertPayload = z.infer<typeof secondFactorAlertPayload>;

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

function composeLoginAlertMail(
  deps: { publicUrl: string; mail: { from: string } },
  job: ParsedMailJob<z.infer<typeof loginAlertPayload>>,
): OutgoingMail {
  const { payload } = job;
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

function composeSecondFactorAlertMail(
  deps: { publicUrl: string; mail: { from: string; to: string } },
  job: ParsedMailJob<SecondFactorAlertPayload>,
): OutgoingMail {
  const { payload } = job;
  const rendered = renderSecondFactorAlert(payload, deps.publicUrl);
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

export const loginAlertMail = mailKind('staff-login-alert', loginAlertPayload, composeLoginAlertMail);

export const secondFactorAlertMail = mailKind(
  'staff-second-factor-alert',
  secondFactorAlertPayload,
  composeSecondFactorAlertMail,
);

export const staffMailComposers = mailComposersOf(loginAlertMail, secondFactorAlertMail);
