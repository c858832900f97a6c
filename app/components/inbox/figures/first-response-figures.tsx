import { inboxDeadlineText } from '~/content/inbox-deadlines';
import { oncallText } from '~/content/inbox-oncall';
import { firstResponseRowLabel } from '../../../../domain/first-response';
import type { FiguresAnswer } from '../../../../domain/staff-api/oncall';
import { Card } from '../shared/card';
import { formatShare } from '../shared/oncall-format';
import { FiguresTable } from './figures-table';

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
      <FiguresTable
        id="first-response"
        caption={text.caption(month)}
        columns={[
          columns.kind,
          columns.counted,
          columns.inTime,
          columns.late,
          columns.share,
          columns.pending,
        ]}
      >
        {rows.map((row) => (
          <tr key={`${row.kind}${row.urgent ? '-akut' : ''}`} className="border-b border-slate-200">
            <th scope="row" className="py-2 pr-2 text-left">
              {firstResponseRowLabel(row)}
            </th>
            <td className="px-2 py-2">{row.counted}</td>
            <td className="px-2 py-2">{row.inTime}</td>
            <td className="px-2 py-2">{row.late}</td>
            <td className="px-2 py-2">{formatShare(row.inTimeShare) ?? oncallText.figures.none}</td>
            <td className="px-2 py-2">{row.pending}</td>
          </tr>
        ))}
      </FiguresTable>
      <p className="text-sm text-slate-700">{text.explain}</p>
    </Card>
  );
}
