/**
 * The e-mail sent when the on-call chain, a cover or someone's mobile number changes, from the
 * inbox or from `npm run staff` (docs/decisions/staff-roles.md): to the company inbox (MAIL_TO)
 * and to each person the change concerns, through the mail outbox in the change's own
 * transaction. Whoever takes over the rota cannot do it silently: the people taken off the chain,
 * the person given a cover and the owner of a changed number are told, and so is the company.
 */
import { z } from 'zod';
import { formatPhone } from '../../../domain/phone.ts';
import { formatLocal, weekdayShortNames } from '../../../domain/zoned-time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { mailComposersOf, mailKind, type ParsedMailJob } from '../../mail/compose.ts';
import { escapeHtml } from '../../mail/html.ts';
import { layout, plainText } from '../../mail/layout.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { OutgoingMail } from '../../mail/transport.ts';

export const rotaNoticeMailKind = 'oncall-rota-changed';

const noticePerson = z.object({ name: z.string(), email: z.string() });

export type NoticePerson = z.infer<typeof noticePerson>;

const rotaNoticeChange = z.discriminatedUnion('what', [
  z.object({
    what: z.literal('chain'),
    members: z.array(z.string()),
    handover: z.object({ weekday: z.number(), hour: z.number() }),
  }),
  z.object({ what: z.literal('cover-added'), person: z.string(), startsAt: z.string(), endsAt: z.string() }),
  z.object({
    what: z.literal('cover-removed'),
    person: z.string(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    count: z.number(),
  }),
  z.object({ what: z.literal('phone'), person: z.string(), phone: z.string() }),
]);

export type RotaNoticeChange = z.infer<typeof rotaNoticeChange>;

const rotaNoticePayload = z.object({
  leadId: z.null(),
  /** null: the company inbox (MAIL_TO). */
  to: noticePerson.nullable(),
  /** Who made the change: a staff member's name, or the command line. */
  by: z.string(),
  at: z.string(),
  change: rotaNoticeChange,
});

export type RotaNoticePayload = z.infer<typeof rotaNoticePayload>;

/** Who a change is credited to in the e-mail: the staff member, or `npm run staff` and its user. */
export function changedBy(actor: { name?: string | null; email?: string } | string): string {
  if (typeof actor === 'string')
    return actor.startsWith('cli:') ? `kommandolinjen (npm run staff, ${actor.slice(4)})` : actor;
  return actor.name?.trim() || actor.email || 'ukendt';
}

/**
 * Queues the notice to the company inbox and to each affected person once, in the caller's
 * transaction: the change and its e-mails commit together.
 */
export async function queueRotaNotice(
  db: DbOrTx,
  input: { change: RotaNoticeChange; by: string; affected: readonly NoticePerson[]; now: Date },
): Promise<void> {
  const seen = new Set<string>();
  const people = input.affected.filter((person) => !seen.has(person.email) && seen.add(person.email));
  const payload = (to: NoticePerson | null): RotaNoticePayload => ({
    leadId: null,
    to,
    by: input.by,
    at: input.now.toISOString(),
    change: input.change,
  });
  await enqueueMail(db, rotaNoticeMail, [payload(null), ...people.map(payload)]);
}

const hour = (value: number) => `${String(value).padStart(2, '0')}.00`;

function describe(change: RotaNoticeChange): { title: string; lines: string[] } {
  switch (change.what) {
    case 'chain':
      return {
        title: 'Vagtkæden er ændret',
        lines: [
          'Rækkefølgen i vagtkæden er nu:',
          ...change.members.map((name, index) => `${index + 1}. ${name}`),
          `Vagtskifte hver ${weekdayShortNames[change.handover.weekday] ?? ''} kl. ${hour(change.handover.hour)}.`,
        ],
      };
    case 'cover-added':
      return {
        title: `Ny dækning i vagtplanen: ${change.person}`,
        lines: [
          `${change.person} står først i vagtkæden fra ${formatLocal(new Date(change.startsAt))} til ${formatLocal(new Date(change.endsAt))}.`,
        ],
      };
    case 'cover-removed':
      return {
        title: `Dækning fjernet: ${change.person}`,
        lines: [
          change.startsAt && change.endsAt
            ? `Dækningen for ${change.person} fra ${formatLocal(new Date(change.startsAt))} til ${formatLocal(new Date(change.endsAt))} er fjernet.`
            : `${change.count} dækning(er) for ${change.person} er fjernet.`,
        ],
      };
    case 'phone':
      return {
        title: `Mobilnummer ændret: ${change.person}`,
        lines: [`Vagt-SMS til ${change.person} går nu til ${formatPhone(change.phone)}.`],
      };
  }
}

export function renderRotaNotice(
  payload: Pick<RotaNoticePayload, 'by' | 'at' | 'change'>,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const { title, lines } = describe(payload.change);
  const intro = `Ændret af ${payload.by} ${formatLocal(new Date(payload.at))}.`;
  const act =
    'Var ændringen ikke aftalt, så se vagtplanen i indbakken med det samme, og tal med en koordinator: vagt-SMS om akutte skader går efter den.';
  const url = `${publicUrl}/indbakke/vagtplan`;
  return {
    subject: title,
    text: plainText([title, '', intro, '', ...lines, '', act, '', url]),
    html: layout(
      title,
      escapeHtml(intro),
      [
        ...lines.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`),
        `<p style="margin:12px 0 12px">${escapeHtml(act)}</p>`,
        `<p style="margin:0"><a href="${escapeHtml(url)}" style="color:#0f766e">Åbn vagtplanen</a></p>`,
      ].join('\n'),
    ),
  };
}

export function composeRotaNotice(
  deps: { publicUrl: string; mail: { from: string; to: string } },
  job: ParsedMailJob<RotaNoticePayload>,
): OutgoingMail {
  const { payload } = job;
  const rendered = renderRotaNotice(
    { by: payload.by, at: payload.at, change: payload.change },
    deps.publicUrl,
  );
  return {
    messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`,
    from: deps.mail.from,
    to: payload.to ? payload.to.email : deps.mail.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: [],
  };
}

export const rotaNoticeMail = mailKind(rotaNoticeMailKind, rotaNoticePayload, composeRotaNotice);

export const rotaNoticeMailComposers = mailComposersOf(rotaNoticeMail);
