/**
 * The weekly e-mail to the company inbox with last week's on-call figures (server/oncall/figures/figures.ts
 * computes and queues them): how many emergencies, how quickly they were acknowledged and called
 * back, and the share called back within the promised 15 minutes, per person and in all. The
 * figures travel in the job's payload, as they were when the week was claimed.
 */
import { z } from 'zod';
import { promises } from '../../../domain/constants.ts';
import { firstResponseRowLabel } from '../../../domain/first-response.ts';
import { leadKinds } from '../../../domain/lead-kind-pages.ts';
import type { Db } from '../../db/client.ts';
import { oncallWeeklyReports } from '../../db/schema.ts';
import { minutesText, periodFigures, previousWeek, shareText } from './figures.ts';
import { escapeHtml } from '../../mail/html.ts';
import { mailKind, type ParsedMailJob } from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { heading, layout, plainText } from '../../mail/layout.ts';
import type { OutgoingMail } from '../../mail/transport.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';

const spread = z.object({ count: z.number(), median: z.number().nullable(), p90: z.number().nullable() });

/** A row of the figures (./figures.ts); weeks queued before the waiting were counted apart lack those. */
const figureRow = z.object({
  acknowledged: spread,
  calledBack: spread,
  emergencies: z.number(),
  within: z.number(),
  counted: z.number().optional(),
  waiting: z.number().optional(),
  withinShare: z.number().nullable(),
});

/** The weekly figures as the job carries them (`Figures` of ./figures.ts), older weeks' included. */
const weeklyFigures = z.object({
  period: z.string(),
  from: z.string(),
  to: z.string(),
  total: figureRow,
  people: z.array(figureRow.extend({ userId: z.string(), name: z.string() })),
  /** Absent in weeks queued before surge mode existed. */
  surge: figureRow.omit({ acknowledged: true }).extend({ announced: spread }).optional(),
  /** Absent in weeks queued before the first-response deadlines existed. */
  firstResponse: z
    .array(
      z.object({
        kind: z.enum(leadKinds),
        urgent: z.literal(true).optional(),
        counted: z.number(),
        inTime: z.number(),
        late: z.number(),
        pending: z.number(),
        inTimeShare: z.number().nullable(),
      }),
    )
    .optional(),
});

type WeeklyFigures = z.infer<typeof weeklyFigures>;
type FigureRow = z.infer<typeof figureRow>;

const dayFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'uge 12 (16.–22. marts 2026)'-like: the first and last day of the week. */
function weekText(figures: Pick<WeeklyFigures, 'from' | 'to'>): string {
  const first = new Date(figures.from);
  const last = new Date(new Date(figures.to).getTime() - 60 * 60_000);
  return `${dayFormat.format(first)} – ${dayFormat.format(last)}`;
}

const minutes = promises.emergencyCallbackMinutes;

/**
 * "3 af 4 (75 %), 2 venter stadig": called back in time over those whose time has passed (or who
 * were called), and apart the ones still within their time. A week queued before the waiting
 * were counted apart has neither number: all its emergencies counted.
 */
export function keptText(r: {
  emergencies: number;
  within: number;
  withinShare: number | null;
  counted?: number;
  waiting?: number;
}): string {
  const counted = r.counted ?? r.emergencies;
  const waiting = r.waiting ?? 0;
  const share = shareText(r.withinShare) || '–';
  return `${r.within} af ${counted} (${share})${waiting > 0 ? `, ${waiting} venter stadig inden for tiden` : ''}`;
}

function lines(name: string, row: FigureRow): string[] {
  const value = (text: string) => (text === '' ? '–' : `${text} min`);
  return [
    `${name}: ${row.emergencies} ${row.emergencies === 1 ? 'akut skade' : 'akutte skader'}`,
    `  Kvitteret: ${row.acknowledged.count} (median ${value(minutesText(row.acknowledged.median))}, 90 % inden for ${value(minutesText(row.acknowledged.p90))})`,
    `  Ringet op: ${row.calledBack.count} (median ${value(minutesText(row.calledBack.median))}, 90 % inden for ${value(minutesText(row.calledBack.p90))})`,
    `  Ringet op inden for ${minutes} min: ${keptText(row)}`,
  ];
}

function tableHtml(figures: WeeklyFigures): string {
  const cell = 'padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right';
  const head = [
    'Medarbejder',
    'Akutte skader',
    'Kvitteret',
    'Kvittering, median',
    'Ringet op',
    'Opringning, median',
    'Opringning, 90 %',
    `Inden for ${minutes} min`,
  ];
  const rowHtml = (name: string, r: FigureRow, total: boolean) => {
    const tag = total ? 'th' : 'td';
    const values = [
      String(r.emergencies),
      String(r.acknowledged.count),
      minutesText(r.acknowledged.median) || '–',
      String(r.calledBack.count),
      minutesText(r.calledBack.median) || '–',
      minutesText(r.calledBack.p90) || '–',
      shareText(r.withinShare) || '–',
    ];
    return `<tr><th scope="row" style="${cell};text-align:left">${escapeHtml(name)}</th>${values
      .map((v) => `<${tag} style="${cell}">${escapeHtml(v)}</${tag}>`)
      .join('')}</tr>`;
  };
  return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px"><thead><tr>${head
    .map(
      (h, i) => `<th scope="col" style="${cell}${i === 0 ? ';text-align:left' : ''}">${escapeHtml(h)}</th>`,
    )
    .join('')}</tr></thead><tbody>${figures.people
    .map((p) => rowHtml(p.name, p, false))
    .join('')}${rowHtml('I alt', figures.total, true)}</tbody></table>`;
}

/**
 * The share of leads answered by their first-response deadline, one kind after another; null
 * without any counted or pending (and for a week queued before the deadlines existed).
 */
export function firstResponseLine(figures: Pick<WeeklyFigures, 'firstResponse'>): string | null {
  const rows = (figures.firstResponse ?? []).filter((row) => row.counted + row.pending > 0);
  if (rows.length === 0) return null;
  const kinds = rows.map(
    (row) =>
      `${firstResponseRowLabel(row)} ${row.inTime} af ${row.counted}${row.counted > 0 ? ` (${shareText(row.inTimeShare)})` : ''}${row.pending > 0 ? `, ${row.pending} med frist senere` : ''}`,
  );
  return `Første svar til tiden: ${kinds.join('; ')}. Uden svar efter fristen tæller som for sent.`;
}

/**
 * The emergencies told a wait in surge mode, measured against what each was told; null without
 * any (and for a week queued before surge mode, whose payload has no `surge`).
 */
export function surgeLine(figures: Pick<WeeklyFigures, 'surge'>): string | null {
  const surge = figures.surge;
  if (!surge || surge.emergencies === 0) return null;
  const value = (text: string) => (text === '' ? '–' : `${text} min`);
  return `Travlt: ${surge.emergencies} ${surge.emergencies === 1 ? 'akut skade fik' : 'akutte skader fik'} en længere ventetid at vide (median ${value(minutesText(surge.announced.median))}) og tælles ikke med ovenfor. Ringet op: ${surge.calledBack.count} (median ${value(minutesText(surge.calledBack.median))}); inden for den meldte tid: ${keptText(surge)}.`;
}

const figuresPayload = z.object({ leadId: z.null(), figures: weeklyFigures });

export function composeFiguresMail(
  deps: { mail: { from: string; to: string }; publicUrl: string },
  job: ParsedMailJob<z.infer<typeof figuresPayload>>,
): OutgoingMail {
  const { figures } = job.payload;
  const total = figures.total;
  const share = shareText(total.withinShare);
  const subject =
    total.emergencies === 0
      ? `Beredskab ${weekText(figures)}: ingen akutte skader`
      : `Beredskab ${weekText(figures)}: ${share} ringet op inden for ${minutes} min`;
  const intro = `Sidste uges akutte skader (${weekText(figures)}): hvor hurtigt de blev kvitteret og ringet op. En skade, der aldrig blev ringet op, tæller som ikke inden for ${minutes} minutter. Tiderne er i minutter fra skaden kom ind; medianen og 90 %-fraktilen.`;
  const surge = surgeLine(figures);
  const firstResponse = firstResponseLine(figures);
  const inbox = `${deps.publicUrl.replace(/\/$/, '')}/indbakke/beredskab`;
  const text = plainText([
    intro,
    '',
    ...lines('I alt', total),
    ...figures.people.flatMap((p) => ['', ...lines(p.name, p)]),
    '',
    ...(surge ? [surge, ''] : []),
    ...(firstResponse ? [firstResponse, ''] : []),
    `Tallene for en hel måned og som CSV: ${inbox}`,
  ]);
  const notesHtml = [surge, firstResponse]
    .filter((line) => line !== null)
    .map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`)
    .join('');
  const html = layout(
    `Beredskab: ${weekText(figures)}`,
    escapeHtml(intro),
    `${heading('Tallene')}${tableHtml(figures)}${notesHtml}<p style="margin:0 0 16px"><a href="${escapeHtml(inbox)}" style="color:#0f766e">Tallene for en hel måned og som CSV i indbakken</a></p>`,
  );
  return {
    messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`,
    from: deps.mail.from,
    to: deps.mail.to,
    subject,
    text,
    html,
  };
}

/** The weekly figures e-mail, about no lead. */
export const figuresMail = mailKind('oncall-figures', figuresPayload, composeFiguresMail);

/**
 * Queues the e-mail with last week's figures unless a server copy already did: the week's row in
 * oncall_weekly_reports is the claim, written in the transaction that queues the mail. True when
 * this call queued it.
 */
export async function queueWeeklyFigures(deps: { db: Db; clock: () => Date }): Promise<boolean> {
  const { weekStart, from, to } = previousWeek(deps.clock());
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(oncallWeeklyReports)
      .values({ weekStart })
      .onConflictDoNothing()
      .returning({ weekStart: oncallWeeklyReports.weekStart });
    if (claimed.length === 0) return false;
    const figures = await periodFigures(tx, weekStart, from, to, deps.clock());
    await enqueueMail(tx, figuresMail, { leadId: null, figures });
    return true;
  });
}

/**
 * The weekly figures e-mail as a periodic job: hourly (first a minute after start) it checks
 * whether last week's is queued (queuing it wakes the mail worker).
 */
export function weeklyFiguresJob(deps: { db: Db; oncall: { clock: () => Date } }): PeriodicJob {
  return {
    id: 'oncall-figures',
    name: 'on-call figures: queuing the weekly e-mail',
    intervalMs: 60 * 60_000,
    firstRunAfterMs: 60_000,
    run: async () => {
      await queueWeeklyFigures({ db: deps.db, clock: deps.oncall.clock });
    },
  };
}
