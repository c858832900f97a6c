/**
 * The technician's page of a case (/tekniker/<lead id>): what a technician on site needs on a
 * phone, as plain HTML with one inline style (allowed by its hash) and no scripts. The customer to
 * call and the address, one large button per milestone still to come (each a form of its own, with
 * what that milestone asks for), a quick moisture reading that starts from the last room and knows
 * the case's measuring points, what is recorded, and the drying curves with their tables.
 */
import { curveSvg, curveTableHtml } from '../../domain/drying-curve-drawing.ts';
import { dryingCurves } from '../../domain/drying-curve.ts';
import { damageTypeLabels, type DamageType } from '../../domain/enums.ts';
import { milestoneLabels, staffMilestoneKinds, type MilestoneKind } from '../../domain/milestones.ts';
import { moistureUnits } from '../../domain/moisture.ts';
import { formatPhone } from '../../domain/phone.ts';
import type { MoistureReading } from '../../domain/staff-api/moisture.ts';
import { formatClock } from '../../domain/zoned-time.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import { styleOnlyPagePolicy } from '../plugins/security-headers.ts';
import { styleOnlyPageStart } from '../plugins/style-only-page.ts';

export const technicianCopy = {
  title: 'Teknikervisning',
  call: (phone: string) => `Ring til kunden: ${phone}`,
  next: 'Næste skridt',
  nothingNext: 'Alle milepæle er registreret.',
  eta: 'Forventet ankomst (tt:mm)',
  affugtere: 'Antal affugtere',
  forventetDage: 'Forventet periode (dage)',
  notify: 'Fortæl kunden det på sms/e-mail',
  note: 'Note (valgfri)',
  moisture: 'Fugtmåling',
  photos: 'Billeder',
  photoInput: 'Tag eller vælg billeder (højst 10 ad gangen)',
  savePhotos: 'Gem billederne',
  photosMissing: 'Vælg mindst ét billede.',
  photoCount: (count: number) => (count === 1 ? 'Sagen har 1 billede.' : `Sagen har ${count} billeder.`),
  photosSaved: (count: number) => (count === 1 ? '1 billede er gemt.' : `${count} billeder er gemt.`),
  room: 'Rum',
  point: 'Målepunkt',
  value: 'Måling',
  unit: 'Enhed',
  saveReading: 'Gem måling',
  recorded: 'Registreret',
  noneRecorded: 'Intet registreret endnu.',
  curves: 'Affugtning og målinger',
  inbox: 'Åbn sagen i indbakken',
  saved: (what: string) => `${what} er registreret.`,
  readingSaved: 'Målingen er gemt.',
  fixBelow: 'Ret det markerede, og prøv igen.',
  unitNames: { pct: 'Procent (%)', digits: 'Digits' },
} as const;

const text = technicianCopy;

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.5;color:#111;background:#fff;max-width:40rem}
h1{font-size:1.4rem;margin:.2rem 0 .6rem}h2{font-size:1.2rem;margin:1.6rem 0 .6rem}p{margin:.3rem 0}
.call,button{display:block;box-sizing:border-box;width:100%;padding:1rem;font-size:1.15rem;border-radius:.5rem;text-align:center;text-decoration:none;margin:.6rem 0;font-weight:700}
.call{background:#0a5c2b;color:#fff}button{background:#1d4ed8;color:#fff;border:0}
form.step{border:2px solid #cbd5e1;border-radius:.5rem;padding:.6rem .8rem;margin:0 0 .8rem}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}label.check{font-weight:400;display:flex;gap:.5rem;align-items:center}
input,select{box-sizing:border-box;width:100%;font-size:1.1rem;padding:.6rem;border:2px solid #64748b;border-radius:.4rem}
input[type=checkbox]{width:1.4rem;height:1.4rem}
.error{color:#b00020;font-weight:600;margin:.2rem 0}.status{padding:.8rem;border-radius:.5rem;background:#e8f5ec;border:2px solid #0a5c2b;font-weight:600}
.alert{padding:.8rem;border-radius:.5rem;background:#fdecee;border:2px solid #b00020;font-weight:600}
ol{padding-left:1.2rem}svg{max-width:100%;height:auto}table{border-collapse:collapse;margin:.4rem 0 1.2rem;width:100%}
caption{text-align:left;font-weight:600}th,td{border-bottom:1px solid #cbd5e1;padding:.3rem;text-align:left}
a{color:#1d4ed8}a:focus,button:focus,input:focus,select:focus{outline:3px solid #1a4fd8;outline-offset:2px}`;

export function technicianPagePolicy(publicUrl: string): string {
  return styleOnlyPagePolicy(style, publicUrl);
}

export interface TechnicianLead {
  id: string;
  reference: string;
  name: string;
  phone: string | null;
  address: string | null;
  damageType: string | null;
}

export interface RecordedMilestone {
  kind: MilestoneKind;
  at: Date;
  by: string | null;
  details: Record<string, unknown>;
}

export interface TechnicianView {
  lead: TechnicianLead;
  milestones: readonly RecordedMilestone[];
  readings: readonly MoistureReading[];
  photoCount: number;
  /** What was just saved ("Skadestop er registreret."), after the redirect. */
  saved?: string | undefined;
  /** A refused form: which one, its Danish messages per field, and what was typed. */
  refused?: { form: string; message: string; fields: Record<string, string>; values: Record<string, string> };
  inboxUrl: string;
  actions: { milestone: string; moisture: string; photos: string };
}

const attr = (value: string) => escapeHtml(value);

/** The milestones still to record, in the order a case meets them; drying ends only once started. */
export function nextMilestones(recorded: readonly RecordedMilestone[]): MilestoneKind[] {
  const done = new Set(recorded.map((m) => m.kind));
  return staffMilestoneKinds.filter(
    (kind) => !done.has(kind) && (kind !== 'affugtning-afsluttet' || done.has('affugtning-startet')),
  );
}

function field(
  view: TechnicianView,
  form: string,
  name: string,
  label: string,
  input: (id: string, value: string, describedBy: string) => string,
  fallback = '',
): string {
  const id = `${form}-${name}`;
  const refused = view.refused?.form === form ? view.refused : undefined;
  const error = refused?.fields[name];
  const errorHtml = error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : '';
  const describedBy = error ? ` aria-describedby="${id}-error" aria-invalid="true"` : '';
  return `<label for="${id}">${escapeHtml(label)}</label>${errorHtml}${input(id, refused?.values[name] ?? fallback, describedBy)}`;
}

/** A required text input of one of the page's forms, with its label and any refusal. */
function textField(
  view: TechnicianView,
  form: string,
  name: string,
  label: string,
  attrs: string,
  fallback?: string,
): string {
  return field(
    view,
    form,
    name,
    label,
    (id, value, d) => `<input id="${id}" name="${name}" ${attrs} required value="${attr(value)}"${d}>`,
    fallback,
  );
}

function stepForm(view: TechnicianView, kind: MilestoneKind): string {
  const form = `step-${kind}`;
  const extra: string[] = [];
  if (kind === 'paa-vej') extra.push(textField(view, form, 'eta', text.eta, 'type="time"'));
  if (kind === 'affugtning-startet')
    extra.push(
      textField(view, form, 'affugtere', text.affugtere, 'inputmode="numeric"'),
      textField(view, form, 'forventetDage', text.forventetDage, 'inputmode="numeric"'),
    );
  if (kind === 'paa-vej' || kind === 'skadestop')
    extra.push(
      `<input type="hidden" name="notifyAsked" value="1"><label class="check"><input type="checkbox" name="notifyCustomer" checked> ${escapeHtml(text.notify)}</label>`,
    );
  const refused =
    view.refused?.form === form ? `<p class="error">${escapeHtml(view.refused.message)}</p>` : '';
  return `<form class="step" method="post" action="${attr(view.actions.milestone)}">
<input type="hidden" name="kind" value="${kind}">${refused}${extra.join('')}
<button type="submit">${escapeHtml(milestoneLabels[kind])}</button>
</form>`;
}

function moistureForm(view: TechnicianView): string {
  const form = 'moisture';
  const last = view.readings.at(-1);
  const refused = view.refused?.form === form ? view.refused : undefined;
  const values = refused?.values ?? {};
  const unit = values.unit ?? last?.unit ?? 'pct';
  const points = [...new Set(view.readings.map((r) => r.point))];
  const rooms = [...new Set(view.readings.map((r) => r.room))];
  const list = (id: string, options: string[]) =>
    `<datalist id="${id}">${options.map((o) => `<option value="${attr(o)}">`).join('')}</datalist>`;
  const roomField = textField(view, form, 'room', text.room, 'list="moisture-rooms"', last?.room);
  const pointField = textField(view, form, 'point', text.point, 'list="moisture-points"');
  const valueField = textField(view, form, 'value', text.value, 'inputmode="decimal"');
  const unitField = field(
    view,
    form,
    'unit',
    text.unit,
    (id, _value, d) =>
      `<select id="${id}" name="unit"${d}>${moistureUnits
        .map(
          (u) =>
            `<option value="${u}"${u === unit ? ' selected' : ''}>${escapeHtml(text.unitNames[u])}</option>`,
        )
        .join('')}</select>`,
  );
  const message = refused ? `<p class="error">${escapeHtml(refused.message)}</p>` : '';
  return `<form class="step" method="post" action="${attr(view.actions.moisture)}">${message}
${roomField}${list('moisture-rooms', rooms)}${pointField}${list('moisture-points', points)}${valueField}${unitField}
<button type="submit">${escapeHtml(text.saveReading)}</button>
</form>`;
}

function photoForm(view: TechnicianView): string {
  const refused =
    view.refused?.form === 'photos'
      ? `<p class="error" id="photos-error">${escapeHtml(view.refused.message)}</p>`
      : '';
  const describedBy = refused ? ' aria-describedby="photos-error" aria-invalid="true"' : '';
  return `<form class="step" method="post" enctype="multipart/form-data" action="${attr(view.actions.photos)}">
<p>${escapeHtml(text.photoCount(view.photoCount))}</p>${refused}
<label for="photos-input">${escapeHtml(text.photoInput)}</label>
<input id="photos-input" name="images" type="file" accept="image/*" capture="environment" multiple required${describedBy}>
<button type="submit">${escapeHtml(text.savePhotos)}</button>
</form>`;
}

function recordedList(view: TechnicianView): string {
  if (view.milestones.length === 0) return `<p>${escapeHtml(text.noneRecorded)}</p>`;
  const items = view.milestones.map((m) => {
    const by = m.by ? ` – ${escapeHtml(m.by)}` : '';
    return `<li>${escapeHtml(milestoneLabels[m.kind])}: ${escapeHtml(formatDanishDateTime(m.at))}${by}</li>`;
  });
  return `<ol>${items.join('')}</ol>`;
}

function curves(view: TechnicianView): string {
  if (view.readings.length === 0) return '';
  const drawn = dryingCurves(view.readings).map(
    (curve, index) => `<figure>${curveSvg(curve, { id: `curve-${index}` })}${curveTableHtml(curve)}</figure>`,
  );
  return `<h2>${escapeHtml(text.curves)}</h2>${drawn.join('')}`;
}

/** The whole page, escaped. */
export function technicianPageHtml(view: TechnicianView): string {
  const { lead } = view;
  const damage =
    lead.damageType && Object.hasOwn(damageTypeLabels, lead.damageType)
      ? damageTypeLabels[lead.damageType as DamageType]
      : null;
  const heading = [lead.reference, damage].filter(Boolean).join(' · ');
  const phone = lead.phone ? formatPhone(lead.phone) : null;
  const call = lead.phone
    ? `<a class="call" href="tel:${attr(lead.phone.replace(/\s/g, ''))}">${escapeHtml(text.call(phone!))}</a>`
    : '';
  const notice = view.saved
    ? `<p class="status" role="status">${escapeHtml(view.saved)}</p>`
    : view.refused
      ? `<p class="alert" role="alert">${escapeHtml(text.fixBelow)}</p>`
      : '';
  const next = nextMilestones(view.milestones);
  const steps = next.length
    ? next.map((kind) => stepForm(view, kind)).join('')
    : `<p>${escapeHtml(text.nothingNext)}</p>`;
  return `${styleOnlyPageStart({ title: `${lead.reference} · ${text.title}`, style, robots: 'noindex, nofollow' })}
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(lead.name)}</p>
${lead.address ? `<p>${escapeHtml(lead.address)}</p>` : ''}
${call}
${notice}
<h2>${escapeHtml(text.next)}</h2>
${steps}
<h2>${escapeHtml(text.moisture)}</h2>
${moistureForm(view)}
<h2>${escapeHtml(text.photos)}</h2>
${photoForm(view)}
<h2>${escapeHtml(text.recorded)}</h2>
${recordedList(view)}
${curves(view)}
<p><a href="${attr(view.inboxUrl)}">${escapeHtml(text.inbox)}</a></p>
</main>
</body>
</html>
`;
}

/** "På vej er registreret." (with the expected arrival when given). */
export function savedText(kind: MilestoneKind, etaAt?: Date): string {
  const what = etaAt
    ? `${milestoneLabels[kind]} (forventet kl. ${formatClock(etaAt)})`
    : milestoneLabels[kind];
  return text.saved(what);
}
