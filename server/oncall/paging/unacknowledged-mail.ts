/**
 * "Ikke kvitteret": the e-mail to the company inbox when nobody in the chain took an emergency.
 * One e-mail a minute at most (a flooded evening ran out of steps for 97 emergencies and sent 97
 * e-mails): the first emergency of a minute queues the minute's e-mail, due at the minute's end;
 * the others of that minute are added to it. `oncall_unacknowledged_minutes` names the minute's
 * e-mail, so two server copies add to the same one.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { mailJobs, oncallUnacknowledgedMinutes } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/html.ts';
import {
  mailKind,
  messageBase,
  type ComposeDeps,
  type MailRows,
  type ParsedMailJob,
} from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { OutgoingMail } from '../../mail/transport.ts';
import { damageTypeLabels, type DamageType } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/phone.ts';
import { formatDanishDateTime } from '../../mail/html.ts';

/** The payload of a minute's e-mail: the emergencies, and who was paged for them. */
const minutePayload = z.object({ leadIds: z.array(z.string()), pagedNames: z.array(z.string()) });

/**
 * The payload queued now, or that of a job queued before the e-mails were bundled by the minute,
 * which named one lead: read as a minute of one.
 */
const unacknowledgedPayload = z.union([
  minutePayload,
  z
    .object({ leadId: z.string(), pagedNames: z.array(z.string()) })
    .transform(({ leadId, pagedNames }) => ({ leadIds: [leadId], pagedNames })),
]);

const minuteMs = 60_000;

/** Adds the emergency to the e-mail of `now`'s minute, queuing it when it is the minute's first. */
export async function queueUnacknowledgedMail(
  tx: Tx,
  input: { leadId: string; pagedNames: readonly string[] },
  now: Date,
): Promise<void> {
  const minute = new Date(Math.floor(now.getTime() / minuteMs) * minuteMs);
  const addTo = async (): Promise<boolean> => {
    const [row] = await tx
      .select({ mailJobId: oncallUnacknowledgedMinutes.mailJobId })
      .from(oncallUnacknowledgedMinutes)
      .where(eq(oncallUnacknowledgedMinutes.minute, minute))
      .for('update');
    if (!row) return false;
    const added = await tx
      .update(mailJobs)
      .set({
        payload: sql`jsonb_build_object(
          'leadIds', (${mailJobs.payload} -> 'leadIds') || to_jsonb(${input.leadId}::text),
          'pagedNames', (select coalesce(jsonb_agg(distinct name), '[]'::jsonb) from jsonb_array_elements_text((${mailJobs.payload} -> 'pagedNames') || ${JSON.stringify(input.pagedNames)}::jsonb) as name)
        )`,
      })
      .where(sql`${mailJobs.id} = ${row.mailJobId} and ${mailJobs.status} = 'pending'`)
      .returning({ id: mailJobs.id });
    return added.length > 0;
  };
  if (await addTo()) return;
  const [jobId] = await enqueueMail(
    tx,
    unacknowledgedMail,
    { leadIds: [input.leadId], pagedNames: [...input.pagedNames] },
    { runAt: new Date(minute.getTime() + minuteMs) },
  );
  const claimed = await tx
    .insert(oncallUnacknowledgedMinutes)
    .values({ minute, mailJobId: jobId! })
    .onConflictDoUpdate({
      target: oncallUnacknowledgedMinutes.minute,
      // The minute's e-mail went out already (a step run late): this one starts a new e-mail.
      set: { mailJobId: jobId! },
      setWhere: sql`not exists (select 1 from ${mailJobs} where ${mailJobs.id} = ${oncallUnacknowledgedMinutes.mailJobId} and ${mailJobs.status} = 'pending')`,
    })
    .returning({ minute: oncallUnacknowledgedMinutes.minute });
  if (claimed.length > 0) return;
  // Another server copy queued the minute's e-mail meanwhile: add to that one instead.
  await tx.delete(mailJobs).where(eq(mailJobs.id, jobId!));
  if (!(await addTo())) throw new Error('the "Ikke kvitteret" e-mail of the minute could not be found');
}

/** The minute's e-mail: every emergency nobody took, one block each. */
function composeUnacknowledgedMail(
  deps: Pick<ComposeDeps, 'publicUrl' | 'mail'>,
  job: ParsedMailJob<z.infer<typeof minutePayload>>,
  rows: MailRows,
): OutgoingMail {
  const { payload } = job;
  const found = payload.leadIds.flatMap((id) => {
    const lead = rows.leads.get(id);
    return lead ? [lead] : [];
  });
  const erased = payload.leadIds.length - found.length;
  const paged = payload.pagedNames.length > 0 ? payload.pagedNames.join(', ') : 'ingen';
  const intro = [
    found.length === 1
      ? `Ingen har kvitteret for den akutte skade ${found[0]!.reference}.`
      : `Ingen har kvitteret for ${found.length} akutte skader.`,
    `Alle i vagtkæden har fået SMS igen (${paged}). Ring til kunderne, eller sørg for at en kollega gør det.`,
    ...(erased > 0 ? [`${erased} mere er slettet siden.`] : []),
  ];
  const blocks = found.map((lead) => {
    const type = lead.details.skadetype;
    return [
      `${lead.reference} (modtaget ${formatDanishDateTime(lead.createdAt)}): ${damageTypeLabels[type as DamageType] ?? type ?? ''}`,
      `${lead.name}, ${lead.phone ? formatPhone(lead.phone) : 'ingen telefon'}`,
      lead.details.adresse ?? 'Ingen adresse',
    ];
  });
  const text = [...intro, '', ...blocks.map((block) => block.join('\n')).flatMap((b) => [b, ''])].join('\n');
  const html = `<!doctype html><html lang="da"><body style="font-family:sans-serif">${intro
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}${blocks
    .map((block) => `<p>${block.map((line) => escapeHtml(line)).join('<br>')}</p>`)
    .join('')}</body></html>`;
  const subject =
    found.length === 1
      ? `Ikke kvitteret: ${found[0]!.reference}`
      : `Ikke kvitteret: ${found.length} akutte skader`;
  return { ...messageBase(deps, job), to: deps.mail.to, subject, text, html };
}

/** "Ikke kvitteret" to the company inbox, once a minute at most. */
export const unacknowledgedMail = mailKind(
  'oncall-unacknowledged',
  unacknowledgedPayload,
  composeUnacknowledgedMail,
);
