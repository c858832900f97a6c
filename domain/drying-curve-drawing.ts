import {
  curveDescription,
  curveGeometry,
  curveName,
  dryingCurves,
  formatCurveTime,
  formatMoisture,
  type CurveReading,
  type DryingCurve,
} from './drying-curve.ts';
import { moistureUnitLabels } from './moisture.ts';

/**
 * The drying curve drawn: an SVG element tree, written out as markup for the server-rendered
 * pages (`curveSvg`) and turned into React elements by the inbox, so both show the same drawing.
 * Colours and lines are presentation attributes (the strict CSP allows no style attribute or
 * element); `role="img"` with its `<title>` names the curve in one sentence, and the table beside
 * it (`curveTableRows`, `curveTableHtml`) gives every reading to a screen reader.
 */
export interface SvgNode {
  tag: string;
  attrs: Readonly<Record<string, string | number>>;
  children: readonly (SvgNode | string)[];
}

const node = (tag: string, attrs: SvgNode['attrs'], children: SvgNode['children'] = []): SvgNode => ({
  tag,
  attrs,
  children,
});

/** Above this many readings the points are a line only: 200 readings keep the drawing small. */
const maxMarkers = 60;
const colours = { grid: '#e2e8f0', axis: '#64748b', text: '#334155', curve: '#1d4ed8', target: '#b91c1c' };
const label = { 'font-size': 11, 'font-family': 'sans-serif', fill: colours.text };

export interface CurveDrawingOptions {
  /** Unique on the page: the title's id is `<id>-title`. */
  id: string;
  width?: number;
  height?: number;
}

/** The curve as an SVG element tree (see `curveSvg` for markup). */
export function curveDrawing(curve: DryingCurve, options: CurveDrawingOptions): SvgNode {
  const { width = 560, height = 240 } = options;
  const g = curveGeometry(curve, width, height);
  const { plot } = g;
  const titleId = `${options.id}-title`;
  const children: SvgNode[] = [node('title', { id: titleId }, [curveDescription(curve)])];

  const grid = g.yTicks.flatMap((tick) => [
    node('line', { x1: plot.left, y1: tick.y, x2: plot.right, y2: tick.y, stroke: colours.grid }),
    node('text', { x: plot.left - 6, y: tick.y + 4, 'text-anchor': 'end', ...label }, [tick.label]),
  ]);
  children.push(node('g', { 'aria-hidden': 'true' }, grid));

  const axes = [
    node('line', { x1: plot.left, y1: plot.top, x2: plot.left, y2: plot.bottom, stroke: colours.axis }),
    node('line', { x1: plot.left, y1: plot.bottom, x2: plot.right, y2: plot.bottom, stroke: colours.axis }),
    node('text', { x: plot.left - 6, y: plot.top - 4, 'text-anchor': 'end', ...label }, [
      moistureUnitLabels[curve.unit],
    ]),
    ...g.xTicks.flatMap((tick) => [
      node('line', { x1: tick.x, y1: plot.bottom, x2: tick.x, y2: plot.bottom + 4, stroke: colours.axis }),
      node('text', { x: tick.x, y: plot.bottom + 18, 'text-anchor': 'middle', ...label }, [tick.label]),
    ]),
  ];
  children.push(node('g', { 'aria-hidden': 'true' }, axes));

  if (g.targetY !== null && curve.target !== null) {
    children.push(
      node('g', { 'aria-hidden': 'true', class: 'drying-curve-target' }, [
        node('line', {
          x1: plot.left,
          y1: g.targetY,
          x2: plot.right,
          y2: g.targetY,
          stroke: colours.target,
          'stroke-width': 1.5,
          'stroke-dasharray': '6 4',
        }),
        node(
          'text',
          { x: plot.right, y: g.targetY - 4, 'text-anchor': 'end', ...label, fill: colours.target },
          [`mål ${formatMoisture(curve.target, curve.unit)}`],
        ),
      ]),
    );
  }

  const line = g.points.map((point) => `${point.x},${point.y}`).join(' ');
  const markers =
    g.points.length > maxMarkers
      ? []
      : g.points.map((point) => node('circle', { cx: point.x, cy: point.y, r: 3, fill: colours.curve }));
  children.push(
    node('g', { 'aria-hidden': 'true', class: 'drying-curve-line' }, [
      node('polyline', { points: line, fill: 'none', stroke: colours.curve, 'stroke-width': 2 }),
      ...markers,
    ]),
  );

  return node(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      role: 'img',
      'aria-labelledby': titleId,
      class: 'drying-curve',
    },
    children,
  );
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** An element tree as markup. */
function markup(tree: SvgNode | string): string {
  if (typeof tree === 'string') return escapeHtml(tree);
  const attrs = Object.entries(tree.attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
  return `<${tree.tag}${attrs}>${tree.children.map(markup).join('')}</${tree.tag}>`;
}

/** The curve as SVG markup, for server-rendered HTML. */
export function curveSvg(curve: DryingCurve, options: CurveDrawingOptions): string {
  return markup(curveDrawing(curve, options));
}

export interface CurveTableRow<R> {
  reading: R;
  /** "1.12. kl. 09.05" */
  when: string;
  /** "28 %" */
  value: string;
}

/** The table beside a curve: every reading, oldest first, as a person reads it. */
export function curveTableRows<R extends CurveReading>(curve: DryingCurve<R>): CurveTableRow<R>[] {
  return curve.readings.map((reading) => ({
    reading,
    when: formatCurveTime(reading.at),
    value: formatMoisture(reading.value, curve.unit),
  }));
}

/** The table beside a curve as HTML, for server-rendered pages; `method` is shown when given. */
export function curveTableHtml(curve: DryingCurve<CurveReading & { method?: string | null }>): string {
  const rows = curveTableRows(curve)
    .map(
      (row) =>
        `<tr><td>${escapeHtml(row.when)}</td><td>${escapeHtml(row.value)}</td><td>${escapeHtml(row.reading.method ?? '')}</td></tr>`,
    )
    .join('');
  const target = curve.target === null ? '' : `, mål ${formatMoisture(curve.target, curve.unit)}`;
  return (
    `<table class="drying-table"><caption>${escapeHtml(`Målinger: ${curveName(curve)}${target}`)}</caption>` +
    `<thead><tr><th scope="col">Tidspunkt</th><th scope="col">Måling</th><th scope="col">Metode</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>`
  );
}

/**
 * A case's whole drying log for a server-rendered page: each curve with its table beside it, in
 * a figure of its own; no readings, no markup. `idPrefix` keeps the titles' ids unique on the page.
 */
export function dryingLogHtml(
  readings: readonly (CurveReading & { method?: string | null })[],
  idPrefix: string,
): string {
  return dryingCurves(readings)
    .map(
      (curve, index) =>
        `<figure class="drying-curve-figure">${curveSvg(curve, { id: `${idPrefix}-${index}` })}${curveTableHtml(curve)}</figure>`,
    )
    .join('');
}
