import { oncallText } from '~/content/inbox-oncall';
import { isoDateTime } from '../shared/format';
import { formatSlotRange } from '../shared/oncall-format';
import { Card } from '../shared/card';
import type { RotaAnswer } from '../../../../domain/staff-api/oncall';

const text = oncallText.rota;

/** Who is on call and who is next, period by period, for the weeks ahead (handovers and overrides). */
export function Schedule({ rota, nameOf }: { rota: RotaAnswer; nameOf: (id: string | null) => string }) {
  const rows = rota.schedule
    .slice(0, -1)
    .map((slot, index) => ({ ...slot, to: rota.schedule[index + 1]!.from }));
  return (
    <Card id="schedule" heading={text.scheduleHeading}>
      {/* Focusable, so a keyboard can scroll the table when it is wider than a phone. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={text.scheduleCaption}>
        <table className="w-full text-left">
          <caption className="sr-only">{text.scheduleCaption}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                {text.columns.period}
              </th>
              <th scope="col" className="py-2 pr-4">
                {text.columns.onCall}
              </th>
              <th scope="col" className="py-2 pr-4">
                {text.columns.next}
              </th>
              <th scope="col" className="py-2">
                {text.columns.note}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.from} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-4 whitespace-nowrap">
                  <time dateTime={isoDateTime(row.from)}>{formatSlotRange(row.from, row.to)}</time>
                </td>
                <td className="py-2 pr-4 font-semibold">{nameOf(row.onCall)}</td>
                <td className="py-2 pr-4">{nameOf(row.next)}</td>
                <td className="py-2">{row.override ? text.override : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
