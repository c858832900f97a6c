import { inboxDeadlineText } from '~/content/inbox-deadlines';
import { oncallText } from '~/content/inbox-oncall';
import type { FiguresAnswer } from '../../../../domain/staff-api/oncall';
import { Card } from '../shared/card';
import { formatShare } from '../shared/oncall-format';

const text = inboxDeadlineText.figures;

/**
 * The Beredskab page's share of leads answered by their first-response deadline, per kind, in the
 * month shown: a table with the counts, so the share is never read without what it is over.
 */
export function FirstResponseFigures({
  rows,
  month,
}: {
  rows: NonNullable<FiguresAnswer['firstResponse']>;
  month: string;
}) {
  const columns = text.columns;
  return (
    <Card id="first-response" heading={text.heading}>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="first-response-caption">
        <table className="w-full text-left">
          <caption id="first-response-caption" className="sr-only">
            {text.caption(month)}
          </caption>
          <thead>
            <tr className="border-b border-slate-300 align-bottom">
              {[
                columns.kind,
                columns.counted,
                columns.inTime,
                columns.late,
                columns.share,
                columns.pending,
              ].map((label) => (
                <th key={label} scope="col" className="px-2 py-2 first:pl-0">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-2 text-left">
                  {text.kinds[row.kind]}
                </th>
                <td className="px-2 py-2">{row.counted}</td>
                <td className="px-2 py-2">{row.inTime}</td>
                <td className="px-2 py-2">{row.late}</td>
                <td className="px-2 py-2">{formatShare(row.inTimeShare) ?? oncallText.figures.none}</td>
                <td className="px-2 py-2">{row.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-700">{text.explain}</p>
    </Card>
  );
}
