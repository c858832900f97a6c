/**
 * The weekly e-mail to the company inbox with last week's on-call figures (server/oncall/figures/figures.ts
 * computes and queues them): how many emergencies, how quickly they were acknowledged and called
 * back, and the share called back within the promised 15 minutes, per person and in all. The
 * figures travel in the job's payload, as they were when the week was claimed.
 */
import { promises } from '../../../domain/constants.ts';
import { leadKindLabels } from '../../../domain/lead.ts';
import { minutesText, shareText, type FigureRow, type Figures, type FiguresMailJob } from './figures.ts';
import { escapeHtml } from '../../mail/html.ts';
import type { ClaimedMailJob } from '../../mail/outbox.ts';
import { heading, layout, plainText } from '../../mail/layout.ts';
import type { OutgoingMail } from '../../mail/transport.ts';

const dayFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'uge 12 (16.–22. marts 2026)'-like: the first and last day of the week. */
function weekText(figures: Figures): string {
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

function tableHtml(figures: Figures): string {
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
export function firstResponseLine(figures: Pick<Figures, 'firstResponse'>): string | null {
  const rows = (figures.firstResponse ?? []).filter((row) => row.counted + row.pending > 0);
  if (rows.length === 0) return null;
  const kinds = rows.map(
    (row) =>
      `${leadKindLabels[row.kind]} ${row.inTime} af ${row.counted}${row.counted > 0 ? ` (${shareText(row.inTimeShare)})` : ''}${row.pending > 0 ? `, ${row.pending} med frist senere` : ''}`,
  );
  return `Første svar til tiden: ${kinds.join('; ')}. Uden svar efter fristen tæller som for sent.`;
}

/**
 * The emergencies told a wait in surge mode, measured against what each was told; null without
 * any (and for a week queued before surge mode, whose payload has no `surge`).
 */
export function surgeLine(figures: Partial<Pick<Figures, 'surge'>>): string | null {
  const surge = figures.surge;
  if (!surge || surge.emergencies === 0) return null;
  const value = (text: string) => (text === '' ? '–' : `${text} min`);
  return `Travlt: ${surge.emergencies} ${surge.emergencies === 1 ? 'akut skade fik' : 'akutte skader fik'} en længere ventetid at vide (median ${value(minutesText(surge.announced.median))}) og tælles ikke med ovenfor. Ringet op: ${surge.calledBack.count} (median ${value(minutesText(surge.calledBack.median))}); inden for den meldte tid: ${keptText(surge)}.`;
}

export function composeFiguresMail(
  deps: { mail: { from: string; to: string }; publicUrl: string },
  job: ClaimedMailJob,
): OutgoingMail {
  const { figures } = job.payload as FiguresMailJob['payload'];
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
