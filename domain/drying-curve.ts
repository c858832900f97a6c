import { moistureUnitLabels, moistureUnitRange, type MoistureUnit } from './moisture.ts';
import { copenhagenMidnight, localParts } from './zoned-time.ts';

/**
 * The drying curve: a case's moisture readings as one chart per measuring point (room + point)
 * and unit, since readings on different scales never share one. Pure and deterministic, so the
 * server-rendered pages (as SVG markup), the inbox (as React elements of the same drawing) and
 * the report's PDF (from `curveGeometry`) all draw the same curve from the same facts. The
 * drawing uses presentation attributes only: no style attribute or element, for the strict CSP.
 */

/** What a curve needs of a reading; callers pass their own rows and get them back per curve. */
export interface CurveReading {
  room: string;
  point: string;
  value: number;
  unit: MoistureUnit;
  /** When it was measured (an instant). */
  at: string | Date;
  target?: number | null;
  material?: string | null;
}

export interface DryingCurve<R extends CurveReading = CurveReading> {
  room: string;
  point: string;
  unit: MoistureUnit;
  /** The newest reading's material, if any gave one. */
  material: string | null;
  /** The newest target given on this point and unit; null: none given. */
  target: number | null;
  /** Oldest first. */
  readings: R[];
}

const collator = new Intl.Collator('da-DK');
const unitOrder: readonly MoistureUnit[] = ['pct', 'digits'];
const time = (reading: CurveReading) => new Date(reading.at).getTime();

/** The readings as curves: by room, point and unit, in that order; each curve's readings by time. */
export function dryingCurves<R extends CurveReading>(readings: readonly R[]): DryingCurve<R>[] {
  const groups = new Map<string, R[]>();
  for (const reading of readings) {
    const key = JSON.stringify([reading.room, reading.point, reading.unit]);
    groups.set(key, [...(groups.get(key) ?? []), reading]);
  }
  const curves = [...groups.values()].map((group): DryingCurve<R> => {
    const sorted = [...group].sort((a, b) => time(a) - time(b));
    const first = sorted[0]!;
    const newestOf = <K extends 'target' | 'material'>(key: K) =>
      sorted.findLast((reading) => reading[key] != null)?.[key] ?? null;
    return {
      room: first.room,
      point: first.point,
      unit: first.unit,
      material: newestOf('material'),
      target: newestOf('target'),
      readings: sorted,
    };
  });
  return curves.sort(
    (a, b) =>
      collator.compare(a.room, b.room) ||
      collator.compare(a.point, b.point) ||
      unitOrder.indexOf(a.unit) - unitOrder.indexOf(b.unit),
  );
}

// ── Words ─────────────────────────────────────────────────────────────────────────────────────
const numberFormat = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2, useGrouping: false });

/** "28 %", "16,5 %", "112 digits". */
export function formatMoisture(value: number, unit: MoistureUnit): string {
  return `${numberFormat.format(value)} ${moistureUnitLabels[unit]}`;
}

/** "1.12." in Danish time. */
export function formatCurveDay(at: string | Date): string {
  const parts = localParts(new Date(at));
  return `${parts.day}.${parts.month}.`;
}

/** "1.12. kl. 09.05" in Danish time. */
export function formatCurveTime(at: string | Date): string {
  const parts = localParts(new Date(at));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatCurveDay(at)} kl. ${two(parts.hour)}.${two(parts.minute)}`;
}

/** "Stue, punkt A" (with the material when given: "Stue, punkt A (gulvbrædder)"). */
export function curveName(place: Pick<DryingCurve, 'room' | 'point' | 'material'>): string {
  return `${place.room}, punkt ${place.point}${place.material ? ` (${place.material})` : ''}`;
}

/** The curve in one sentence: "Stue, punkt A: fra 28 % den 1.12. til 16 % den 15.12., mål 15 %". */
export function curveDescription(curve: DryingCurve): string {
  const first = curve.readings[0]!;
  const last = curve.readings.at(-1)!;
  const reading = (r: CurveReading) => `${formatMoisture(r.value, curve.unit)} den ${formatCurveDay(r.at)}`;
  const course = curve.readings.length === 1 ? reading(first) : `fra ${reading(first)} til ${reading(last)}`;
  const target = curve.target === null ? '' : `, mål ${formatMoisture(curve.target, curve.unit)}`;
  return `${curveName(curve)}: ${course}${target}`;
}

// ── Geometry ──────────────────────────────────────────────────────────────────────────────────
export interface CurveGeometry {
  /** The plotting area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  /** One per reading, oldest first, in drawing coordinates (y grows downwards). */
  points: { x: number; y: number; value: number; at: Date }[];
  /** The value axis runs from 0 to `yMax`, the top of the unit's scale at most. */
  yMax: number;
  yTicks: { y: number; value: number; label: string }[];
  /** Danish days along the time axis, at most 6, never closer than a label's width. */
  xTicks: { x: number; label: string }[];
  /** Where the target's line runs; null without a target. */
  targetY: number | null;
}

const margin = { left: 44, right: 16, top: 16, bottom: 30 };
const maxXTicks = 6;
const minTickGap = 36;
const round = (n: number) => Math.round(n * 10) / 10;

/** A round top for the value axis (1, 2 or 5 times a power of ten per step, 4 steps). */
function axisTop(highest: number, unit: MoistureUnit): { top: number; step: number } {
  const scaleTop = moistureUnitRange[unit].max;
  if (highest <= 0) return { top: 10, step: 2.5 };
  const rough = highest / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const top = Math.min(Math.ceil(highest / step) * step, scaleTop);
  return { top, step };
}

/** The next Danish calendar day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function dayOf(at: Date): string {
  const { year, month, day } = localParts(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The curve's scaling in a `width` × `height` drawing: for the SVG here and the report's PDF. */
export function curveGeometry(curve: DryingCurve, width: number, height: number): CurveGeometry {
  const plot = {
    left: margin.left,
    top: margin.top,
    right: width - margin.right,
    bottom: height - margin.bottom,
  };
  const times = curve.readings.map(time);
  const [start, end] = [Math.min(...times), Math.max(...times)];
  const xOf = (t: number) =>
    round(
      end === start
        ? (plot.left + plot.right) / 2
        : plot.left + ((t - start) / (end - start)) * (plot.right - plot.left),
    );
  const highest = Math.max(...curve.readings.map((r) => r.value), curve.target ?? 0);
  const { top: yMax, step } = axisTop(highest, curve.unit);
  const yOf = (value: number) => round(plot.bottom - (value / yMax) * (plot.bottom - plot.top));

  const yTicks: CurveGeometry['yTicks'] = [];
  for (let value = 0; value <= yMax + step / 1000; value += step) {
    const tick = Math.min(value, yMax);
    yTicks.push({ y: yOf(tick), value: tick, label: numberFormat.format(tick) });
  }

  const days: string[] = [];
  for (let day = dayOf(new Date(start)); day <= dayOf(new Date(end)); day = nextDay(day)) days.push(day);
  const every = Math.ceil(days.length / maxXTicks);
  const xTicks: CurveGeometry['xTicks'] = [];
  for (const [index, day] of days.entries()) {
    if (index % every !== 0) continue;
    const midnight = copenhagenMidnight(day);
    const x = index === 0 ? xOf(start) : xOf(midnight.getTime());
    const previous = xTicks.at(-1);
    if (previous && x - previous.x < minTickGap) continue;
    xTicks.push({ x, label: formatCurveDay(midnight) });
  }

  return {
    plot,
    points: curve.readings.map((r) => ({
      x: xOf(time(r)),
      y: yOf(r.value),
      value: r.value,
      at: new Date(r.at),
    })),
    yMax,
    yTicks,
    xTicks,
    targetY: curve.target === null ? null : yOf(Math.min(curve.target, yMax)),
  };
}
