import { describe, expect, it } from 'vitest';
import {
  curveDrawing,
  curveSvg,
  curveTableHtml,
  curveTableRows,
  dryingLogHtml,
  type SvgNode,
} from './drying-curve-drawing.ts';
import { curveDescription, curveGeometry, dryingCurves, type CurveReading } from './drying-curve.ts';

/** A reading in the living room's point A, in December 2026 (Danish winter time: UTC+1). */
const reading = (value: number, at: string, extra: Partial<CurveReading> = {}): CurveReading => ({
  room: 'Stue',
  point: 'A',
  value,
  unit: 'pct',
  at,
  ...extra,
});

const falling = [
  reading(28, '2026-12-01T09:00:00Z', { target: 15 }),
  reading(16, '2026-12-15T09:00:00Z'),
  reading(22, '2026-12-08T09:00:00Z'),
];

const elements = (tree: SvgNode, tag: string): SvgNode[] => [
  ...(tree.tag === tag ? [tree] : []),
  ...tree.children.flatMap((child) => (typeof child === 'string' ? [] : elements(child, tag))),
];

describe('the drying curve', () => {
  it('describes the curve in one Danish sentence, oldest to newest, with the target', () => {
    const [curve] = dryingCurves(falling);
    expect(curveDescription(curve!)).toBe('Stue, punkt A: fra 28 % den 1.12. til 16 % den 15.12., mål 15 %');
    const svg = curveSvg(curve!, { id: 'stue-a' });
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="stue-a-title"');
    expect(svg).toContain(
      '<title id="stue-a-title">Stue, punkt A: fra 28 % den 1.12. til 16 % den 15.12., mål 15 %</title>',
    );
  });

  it('places time left to right and the value bottom to top inside the plot', () => {
    const [curve] = dryingCurves(falling);
    const geometry = curveGeometry(curve!, 500, 200);
    const { plot, points } = geometry;
    expect(points.map((p) => p.value)).toEqual([28, 22, 16]);
    expect(points[0]!.x).toBe(plot.left);
    expect(points[2]!.x).toBe(plot.right);
    // One week of two: half-way along the time axis.
    expect(points[1]!.x).toBeCloseTo((plot.left + plot.right) / 2, 0);
    // Falling moisture is a line going down the drawing.
    expect(points[0]!.y).toBeLessThan(points[1]!.y);
    expect(points[1]!.y).toBeLessThan(points[2]!.y);
    for (const point of points) {
      expect(point.y).toBeGreaterThanOrEqual(plot.top);
      expect(point.y).toBeLessThanOrEqual(plot.bottom);
    }
    // The value axis starts at 0 and reaches a round number above the highest reading.
    expect(geometry.yTicks[0]).toMatchObject({ y: plot.bottom, value: 0 });
    expect(geometry.yMax).toBe(30);
    expect(geometry.xTicks[0]).toEqual({ x: plot.left, label: '1.12.' });
    expect(geometry.xTicks.length).toBeLessThanOrEqual(6);
    for (const tick of geometry.xTicks) expect(tick.label).toMatch(/^\d{1,2}\.\d{1,2}\.$/);
  });

  it('draws the target as a dashed line at its value, and none without a target', () => {
    const [curve] = dryingCurves(falling);
    const geometry = curveGeometry(curve!, 560, 240);
    const tree = curveDrawing(curve!, { id: 'a' });
    const dashed = elements(tree, 'line').filter((line) => line.attrs['stroke-dasharray']);
    expect(dashed).toHaveLength(1);
    expect(dashed[0]!.attrs.y1).toBe(geometry.targetY);
    // 15 of 30: half-way up the plot.
    expect(geometry.targetY).toBeCloseTo((geometry.plot.top + geometry.plot.bottom) / 2, 0);
    expect(curveSvg(curve!, { id: 'a' })).toContain('mål 15 %');

    const [plain] = dryingCurves([reading(28, '2026-12-01T09:00:00Z'), reading(20, '2026-12-02T09:00:00Z')]);
    expect(curveGeometry(plain!, 560, 240).targetY).toBeNull();
    expect(curveSvg(plain!, { id: 'b' })).not.toContain('stroke-dasharray');
    expect(curveDescription(plain!)).toBe('Stue, punkt A: fra 28 % den 1.12. til 20 % den 2.12.');
  });

  it('draws one curve per point and unit, never two scales on one', () => {
    const curves = dryingCurves([
      reading(140, '2026-12-01T09:00:00Z', { unit: 'digits' }),
      reading(28, '2026-12-01T09:00:00Z'),
      reading(110, '2026-12-03T09:00:00Z', { unit: 'digits' }),
      reading(30, '2026-12-01T09:00:00Z', { room: 'Køkken', point: 'B' }),
      reading(12, '2026-12-01T09:00:00Z', { point: 'B' }),
    ]);
    expect(curves.map((c) => [c.room, c.point, c.unit, c.readings.length])).toEqual([
      ['Køkken', 'B', 'pct', 1],
      ['Stue', 'A', 'pct', 1],
      ['Stue', 'A', 'digits', 2],
      ['Stue', 'B', 'pct', 1],
    ]);
    expect(curveDescription(curves[2]!)).toBe(
      'Stue, punkt A: fra 140 digits den 1.12. til 110 digits den 3.12.',
    );
    // A digits scale goes beyond 100, a percentage never does.
    expect(curveGeometry(curves[2]!, 560, 240).yMax).toBe(150);
    expect(curveGeometry(dryingCurves([reading(99, '2026-12-01T09:00:00Z')])[0]!, 560, 240).yMax).toBe(100);
  });

  it('draws a single reading as one point in the middle, described without a course', () => {
    const [curve] = dryingCurves([reading(19.5, '2026-12-04T15:30:00Z', { material: 'Gips' })]);
    const geometry = curveGeometry(curve!, 560, 240);
    expect(geometry.points).toHaveLength(1);
    expect(geometry.points[0]!.x).toBe((geometry.plot.left + geometry.plot.right) / 2);
    expect(Number.isFinite(geometry.points[0]!.y)).toBe(true);
    expect(curveDescription(curve!)).toBe('Stue, punkt A (Gips): 19,5 % den 4.12.');
    expect(curveTableRows(curve!).map((row) => [row.when, row.value])).toEqual([
      ['4.12. kl. 16.30', '19,5 %'],
    ]);
  });

  it('keeps 200 readings small: a line without markers and at most 6 dates', () => {
    const start = Date.parse('2026-12-01T06:00:00Z');
    const many = Array.from({ length: 200 }, (_, i) =>
      reading(40 - i * 0.1, new Date(start + i * 3 * 3_600_000).toISOString(), { target: 18 }),
    );
    const [curve] = dryingCurves(many);
    const svg = curveSvg(curve!, { id: 'many' });
    expect(svg.length).toBeLessThan(8_000);
    expect(svg).not.toContain('<circle');
    expect(curveGeometry(curve!, 560, 240).xTicks.length).toBeLessThanOrEqual(6);
    expect(curveTableRows(curve!)).toHaveLength(200);
  });

  it('is the same drawing every time, with no style attribute or element and its text escaped', () => {
    const readings = [reading(28, '2026-12-01T09:00:00Z', { room: 'Bad & <wc>', point: '"1"' })];
    const once = curveSvg(dryingCurves(readings)[0]!, { id: 'x' });
    expect(curveSvg(dryingCurves([...readings])[0]!, { id: 'x' })).toBe(once);
    expect(once).not.toMatch(/style/i);
    expect(once).toContain('Bad &amp; &lt;wc&gt;, punkt &quot;1&quot;');
    expect(once).not.toContain('<wc>');
  });

  it('gives every reading to a screen reader in a table beside the curve', () => {
    const [curve] = dryingCurves(falling.map((r) => ({ ...r, method: 'Træfugtmåler' })));
    const html = curveTableHtml(curve!);
    expect(html).toContain('<caption>Målinger: Stue, punkt A, mål 15 %</caption>');
    expect(html).toContain('<th scope="col">Tidspunkt</th>');
    expect(html.match(/<tr><td>/g)).toHaveLength(3);
    expect(html).toContain('<tr><td>8.12. kl. 10.00</td><td>22 %</td><td>Træfugtmåler</td></tr>');
  });

  it('puts a whole drying log on a server page: each curve with its table, ids unique, nothing when empty', () => {
    const html = dryingLogHtml(
      [...falling, reading(140, '2026-12-01T09:00:00Z', { unit: 'digits' })],
      'taksator-fugt',
    );
    expect(html.match(/<figure class="drying-curve-figure"><svg /g)).toHaveLength(2);
    expect(html.match(/<\/svg><table class="drying-table">/g)).toHaveLength(2);
    expect(html).toContain('aria-labelledby="taksator-fugt-0-title"');
    expect(html).toContain('aria-labelledby="taksator-fugt-1-title"');
    expect(html).toContain('Stue, punkt A: 140 digits den 1.12.');
    expect(dryingLogHtml([], 'x')).toBe('');
  });
});
