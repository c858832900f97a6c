import { Icon } from '~/components/icon';
import { buttonClasses } from '~/components/ui/button';
import { inboxInsurersText } from '~/content/inbox-insurers';
import { cn } from '~/lib/cn';
import type { InsurerFiguresAnswer } from '../../../../domain/staff-api/insurers';
import { insurerFiguresCsvUrl } from '../api';
import { formatDuration, formatMonth } from '../shared/oncall-format';
import { Card } from '../shared/card';
import { useMay } from '../shared/staff-role';
import { FiguresTable } from './figures-table';

const text = inboxInsurersText.figures;

/**
 * The Beredskab page's month per insurer: leads, the median time to on site and to the damage
 * stop, and the first reports sent by their deadline out of those due, with the CSV.
 */
export function InsurerFigures({ figures, month }: { figures: InsurerFiguresAnswer; month: string }) {
  const mayExport = useMay('csvExport');
  const columns = text.columns;
  return (
    <Card id="insurer-figures" heading={text.heading}>
      <p className="text-slate-700">{text.intro}</p>
      {figures.rows.length === 0 ? (
        <p className="font-medium text-slate-700">{text.empty}</p>
      ) : (
        <FiguresTable
          id="insurer-figures"
          caption={text.caption(formatMonth(month))}
          columns={Object.values(columns)}
        >
          {figures.rows.map((row) => (
            <tr key={row.insurer} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-2 text-left wrap-anywhere">
                {row.insurer}
              </th>
              <td className="px-2 py-2">{row.leads}</td>
              <td className="px-2 py-2">{formatDuration(row.medianToOnSiteSeconds) ?? '–'}</td>
              <td className="px-2 py-2">{formatDuration(row.medianToDamageStopSeconds) ?? '–'}</td>
              <td className="px-2 py-2">{text.reportsOnTime(row.reportsOnTime, row.reportsDue)}</td>
            </tr>
          ))}
        </FiguresTable>
      )}
      {mayExport ? (
        <a
          href={insurerFiguresCsvUrl(month)}
          download
          className={cn(buttonClasses('outline', 'sm'), 'justify-self-start')}
        >
          <Icon name="download" />
          {text.csv}
        </a>
      ) : null}
    </Card>
  );
}
