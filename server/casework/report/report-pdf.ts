/**
 * The first report to the insurer as a tagged, accessible PDF (like the resource PDFs: DejaVu Sans
 * embedded, a structure tree, artifacts, da-DK, the title in the XMP metadata), drawn from the
 * case's recorded facts only (./report-facts.ts). A fact not recorded is left out or reads
 * "Ikke registreret".
 */
import type { PDFImage } from 'pdf-lib';
import { clockLabels, isOverdue } from '../../../domain/case-clocks.ts';
import { company } from '../../../domain/company.ts';
import { damageTypeLabels, type DamageType } from '../../../domain/enums.ts';
import { milestoneLabels } from '../../../domain/milestones.ts';
import { moistureUnitLabels } from '../../../domain/moisture.ts';
import { timeZone } from '../../../domain/zoned-time.ts';
import { drawFooters, margin, pageCursor } from '../../../scripts/pdfs/page-layout.mjs';
import { startTaggedPdf } from '../../../scripts/pdfs/tagged-document.mjs';
import { attachmentNames } from '../../mail/photo-mail.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { reportCopy as copy } from './copy.ts';
import { curve, facts, heading, paragraph, photoGrid, table, tableOr, type Canvas } from './pdf-drawing.ts';
import type { ReportFacts, ReportReading } from './report-facts.ts';

export interface ReportPdfDeps {
  storage: Pick<ObjectStore, 'get' | 'signedReadUrl'>;
  now?: () => Date;
}

/**
 * The photos drawn in the report: JPEG and PNG (what a PDF embeds as they are) while their total
 * stays within `embeddedPhotoBytes`, so a report with many photos still travels by e-mail; every
 * photo is also a signed link in the report, valid `photoLinkTtlSeconds`.
 */
export const reportPhotoLimits = {
  embeddedPhotoBytes: 12 * 1024 * 1024,
  photoLinkTtlSeconds: 30 * 24 * 60 * 60,
} as const;

/** Room to keep a heading with what follows it: a point's curve, or a row of photos. */
const curveBlockHeight = 200;
const photoRowHeight = 170;

const dateTime = new Intl.DateTimeFormat('da-DK', {
  timeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('da-DK', {
  timeZone,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
/** '12.03.2026 15.05' in Danish time. */
const when = (date: Date) => dateTime.format(date).replace(',', '');
const numberFormat = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });
const number = (value: number) => numberFormat.format(value);
const reading = (value: number, unit: ReportReading['unit']) =>
  unit === 'pct'
    ? `${number(value)} ${moistureUnitLabels.pct}`
    : `${number(value)} ${moistureUnitLabels[unit]}`;
const recorded = (value: string | null | undefined) => (value?.trim() ? value.trim() : copy.notRecorded);

/** Renders the report of `facts`; the bytes of the PDF. */
export async function renderReportPdf(deps: ReportPdfDeps, caseFacts: ReportFacts): Promise<Uint8Array> {
  const now = deps.now?.() ?? new Date();
  const { lead } = caseFacts;
  const title = copy.title(lead.reference);
  const started = await startTaggedPdf({
    title,
    subject: copy.subtitle(dateOnly.format(now)),
    company,
    fingerprint: `${lead.id}\n${now.toISOString()}`,
    date: new Date(Math.floor(now.getTime() / 1000) * 1000),
  });
  const canvas: Canvas = { ...started, company, cursor: pageCursor({ ...started, company }) };
  const { cursor, tree } = canvas;

  cursor.newPage();
  cursor.drawLines(tree.element('H1', tree.document), [title], {
    font: canvas.bold,
    x: margin,
    size: 18,
    lineHeight: 24,
  });
  paragraph(canvas, copy.subtitle(when(now)), { muted: true });

  heading(canvas, copy.sections.case);
  facts(canvas, [
    [copy.fields.reference, lead.reference],
    [copy.fields.insurer, recorded(caseFacts.insurer?.name ?? lead.details.forsikringsselskab)],
    [copy.fields.policy, recorded(lead.details.policeNr)],
    [copy.fields.claim, recorded(lead.details.skadeNr)],
    [copy.fields.reportedAt, when(lead.createdAt)],
  ]);

  heading(canvas, copy.sections.customer);
  facts(canvas, [
    [copy.fields.name, recorded(lead.name)],
    [copy.fields.phone, recorded(lead.phone)],
    [copy.fields.address, recorded(lead.details.adresse)],
  ]);

  heading(canvas, copy.sections.damage);
  const damageType = lead.details.skadetype;
  facts(canvas, [
    [
      copy.fields.damageType,
      damageType ? (damageTypeLabels[damageType as DamageType] ?? damageType) : copy.notRecorded,
    ],
  ]);
  paragraph(canvas, `${copy.fields.description}:`);
  for (const line of recorded(lead.details.besked).split('\n')) if (line.trim()) paragraph(canvas, line);

  heading(canvas, copy.sections.timeline);
  tableOr(
    canvas,
    copy.noMilestones,
    copy.timelineHeader,
    caseFacts.milestones.map((m) => [when(m.at), milestoneLabels[m.kind], m.by ?? copy.notRecorded]),
    [0.28, 0.4, 0.32],
  );

  heading(canvas, copy.sections.work);
  const notes = caseFacts.milestones.filter((m) => m.note?.trim());
  if (notes.length === 0) paragraph(canvas, copy.noWork);
  for (const m of notes) paragraph(canvas, `${when(m.at)}, ${milestoneLabels[m.kind]}: ${m.note!.trim()}`);

  drawDrying(canvas, caseFacts);
  drawMoisture(canvas, caseFacts.readings);
  await drawPhotos(canvas, deps, caseFacts, now);

  heading(canvas, copy.sections.deadlines);
  tableOr(
    canvas,
    copy.noDeadlines,
    copy.deadlinesHeader,
    caseFacts.deadlines.map((d) => [
      clockLabels[d.kind],
      when(d.dueAt),
      d.metAt ? when(d.metAt) : copy.notYet,
      d.metAt
        ? isOverdue(d, now)
          ? copy.deadlineStatus.late
          : copy.deadlineStatus.met
        : isOverdue(d, now)
          ? copy.deadlineStatus.overdue
          : copy.deadlineStatus.open,
    ]),
    [0.28, 0.24, 0.24, 0.24],
  );

  drawFooters({ ...started, company });
  tree.finish();
  return started.pdf.save();
}

function drawDrying(canvas: Canvas, caseFacts: ReportFacts): void {
  heading(canvas, copy.sections.drying);
  const starts = caseFacts.milestones.filter((m) => m.kind === 'affugtning-startet');
  const start = starts.at(-1);
  if (!start) {
    paragraph(canvas, copy.noDrying);
    return;
  }
  const end = caseFacts.milestones
    .filter((m) => m.kind === 'affugtning-afsluttet' && m.at >= start.at)
    .at(-1);
  const count = Number(start.details.affugtere);
  const days = Number(start.details.forventetDage);
  facts(canvas, [
    [copy.fields.dehumidifiers, Number.isInteger(count) && count > 0 ? String(count) : copy.notRecorded],
    [copy.fields.dryingStarted, when(start.at)],
    [copy.fields.expectedDays, Number.isInteger(days) && days > 0 ? copy.days(days) : copy.notRecorded],
    [copy.fields.dryingEnded, end ? when(end.at) : copy.dryingRunning],
  ]);
}

function drawMoisture(canvas: Canvas, readings: readonly ReportReading[]): void {
  heading(canvas, copy.sections.moisture);
  if (readings.length === 0) {
    paragraph(canvas, copy.noReadings);
    return;
  }
  // One curve and table per measuring point and unit: readings of different units never share a scale.
  const series = new Map<string, ReportReading[]>();
  for (const r of readings) {
    const key = JSON.stringify([r.room, r.point, r.unit]);
    series.set(key, [...(series.get(key) ?? []), r]);
  }
  for (const list of series.values()) {
    const first = list[0]!;
    const last = list.at(-1)!;
    const name = copy.point(first.room, first.point);
    // A point's heading, material and target stay on the page of its curve.
    canvas.cursor.ensure(curveBlockHeight);
    heading(canvas, name, 'H3');
    const material = list.findLast((r) => r.material)?.material;
    const target = list.findLast((r) => r.target !== null)?.target ?? null;
    if (material) paragraph(canvas, copy.material(material));
    if (target !== null) paragraph(canvas, copy.target(reading(target, first.unit)));
    const values = list.map((r) => r.value);
    const scale = [...values, ...(target === null ? [] : [target])];
    curve(
      canvas,
      list.map((r) => ({ at: r.at, value: r.value })),
      target,
      {
        alt: copy.curveAlt(
          name,
          `${reading(first.value, first.unit)} (${when(first.at)})`,
          `${reading(last.value, last.unit)} (${when(last.at)})`,
          list.length,
        ),
        min: number(Math.min(...scale)),
        max: number(Math.max(...scale)),
      },
    );
    table(
      canvas,
      copy.readingsHeader,
      list.map((r) => [when(r.at), reading(r.value, r.unit), r.method ?? copy.notYet]),
      [0.34, 0.26, 0.4],
    );
  }
}

async function drawPhotos(canvas: Canvas, deps: ReportPdfDeps, caseFacts: ReportFacts, now: Date) {
  // The heading stays with the first row of photos.
  if (caseFacts.photos.length > 0) canvas.cursor.ensure(photoRowHeight);
  heading(canvas, copy.sections.photos);
  const { photos } = caseFacts;
  if (photos.length === 0) {
    paragraph(canvas, copy.noPhotos);
    return;
  }
  const names = attachmentNames(photos);
  const drawn: { image: PDFImage; alt: string }[] = [];
  let budget: number = reportPhotoLimits.embeddedPhotoBytes;
  for (const [index, photo] of photos.entries()) {
    const embeddable = photo.contentType === 'image/jpeg' || photo.contentType === 'image/png';
    if (!embeddable || photo.bytes > budget) continue;
    const object = await deps.storage.get(photo.objectKey);
    if (!object) continue;
    budget -= object.body.length;
    try {
      const image =
        photo.contentType === 'image/jpeg'
          ? await canvas.pdf.embedJpg(object.body)
          : await canvas.pdf.embedPng(object.body);
      drawn.push({ image, alt: copy.photoAlt(index + 1, names[index]!, when(photo.at)) });
    } catch {
      // A file the PDF library cannot read stays a link below, like any photo not drawn.
    }
  }
  photoGrid(canvas, drawn);
  if (drawn.length < photos.length) paragraph(canvas, copy.photosNotShown(photos.length - drawn.length));
  const ttl = reportPhotoLimits.photoLinkTtlSeconds;
  paragraph(canvas, copy.photoLinks(dateOnly.format(new Date(now.getTime() + ttl * 1000))));
  for (const [index, photo] of photos.entries())
    paragraph(canvas, `${names[index]}: ${await deps.storage.signedReadUrl(photo.objectKey, ttl)}`);
}
