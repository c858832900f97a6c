import { createElement, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { dryingLogText } from '~/content/inbox-casework-drying';
import { curveDrawing, curveTableRows, type SvgNode } from '../../../../../domain/drying-curve-drawing';
import { curveName, formatMoisture, type DryingCurve } from '../../../../../domain/drying-curve';
import type { MoistureReading } from '../../../../../domain/staff-api/moisture';

const text = dryingLogText;
const headings = [text.columns.when, text.columns.value, text.columns.method, text.columns.by];

/** An SVG attribute as React names it: `class` → className, `stroke-width` → strokeWidth (aria- stays). */
function propName(name: string): string {
  if (name === 'class') return 'className';
  if (name.startsWith('aria-')) return name;
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The curve's drawing (domain/drying-curve-drawing.ts) as React elements: the server pages' same SVG. */
function svgElement(tree: SvgNode | string, key?: number): ReactNode {
  if (typeof tree === 'string') return tree;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(tree.attrs)) props[propName(name)] = value;
  return createElement(tree.tag, props, ...tree.children.map((child, index) => svgElement(child, index)));
}

/** One measuring point's curve, and the table of its readings with a withdraw button each. */
export function DryingCurveView({
  curve,
  id,
  busy,
  onWithdraw,
}: {
  curve: DryingCurve<MoistureReading>;
  id: string;
  busy: boolean;
  onWithdraw: (reading: MoistureReading) => void;
}) {
  const drawing = curveDrawing(curve, { id });
  const target =
    curve.target === null ? '' : `, ${text.targetLine(formatMoisture(curve.target, curve.unit))}`;
  return (
    <figure className="grid min-w-0 gap-2">
      <div className="[&>svg]:h-auto [&>svg]:w-full [&>svg]:max-w-xl">{svgElement(drawing)}</div>
      <figcaption className="sr-only">{curveName(curve)}</figcaption>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left font-semibold text-slate-900">
            {text.tableCaption(curveName(curve))}
            {target}
          </caption>
          <thead>
            <tr className="border-b border-slate-200">
              {headings.map((heading) => (
                <th key={heading} scope="col" className="py-1 pr-3">
                  {heading}
                </th>
              ))}
              <th scope="col" className="py-1 print:hidden">
                <span className="sr-only">{text.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {curveTableRows(curve).map((row) => (
              <tr key={row.reading.id} className="border-b border-slate-100">
                <td className="py-1 pr-3 whitespace-nowrap">
                  <time dateTime={row.reading.at}>{row.when}</time>
                </td>
                <td className="py-1 pr-3 whitespace-nowrap">{row.value}</td>
                <td className="py-1 pr-3 wrap-anywhere">{row.reading.method ?? ''}</td>
                <td className="py-1 pr-3 wrap-anywhere">{row.reading.by ?? ''}</td>
                <td className="py-1 print:hidden">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="underline"
                    disabled={busy}
                    aria-label={text.withdrawLabel(row.when, row.value)}
                    onClick={() => onWithdraw(row.reading)}
                  >
                    {text.withdraw}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
