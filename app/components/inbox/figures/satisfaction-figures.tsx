import { satisfactionText } from '~/content/inbox-satisfaction';
import type {
  SatisfactionFigures as Figures,
  SatisfactionRespondent,
} from '../../../../domain/staff-api/satisfaction';
import { formatDay } from '../shared/format';
import { formatMonth, formatShare } from '../shared/oncall-format';
import { Card } from '../shared/card';
import { FiguresRow, FiguresTable } from './figures-table';

const text = satisfactionText.figures;
type Share = Figures['total'];

/** "67 % (2 af 3)": the share satisfied, with what it was counted from. */
function shareCell(share: Share): string {
  const percent = share.sharePercent === null ? '–' : (formatShare(share.sharePercent / 100) ?? '–');
  return `${percent} (${share.satisfied} af ${share.answered})`;
}

function ShareRows({
  rows,
  total,
}: {
  rows: Array<{ key: string; name: string; share: Share }>;
  total: Share;
}) {
  return (
    <>
      {[...rows, { key: 'total', name: text.total, share: total }].map(({ key, name, share }) => (
        <FiguresRow key={key} name={name} total={key === 'total'}>
          <td className="px-2 py-2">{share.answered}</td>
          <td className="px-2 py-2">{share.satisfied}</td>
          <td className="px-2 py-2">{shareCell(share)}</td>
        </FiguresRow>
      ))}
    </>
  );
}

function Group({ respondent, figures }: { respondent: SatisfactionRespondent; figures: Figures }) {
  const who = text.groups[respondent];
  const columns = text.columns;
  const counts = [columns.answered, columns.satisfied, columns.share];
  if (figures.total.answered === 0) return <p className="font-medium text-slate-700">{text.empty(who)}</p>;
  const tables = [
    {
      by: 'months',
      caption: text.byMonth(who),
      column: columns.month,
      rows: figures.months.map((row) => ({ key: row.month, name: formatMonth(row.month), share: row })),
    },
    {
      by: 'insurers',
      caption: text.byInsurer(who),
      column: columns.insurer,
      rows: figures.insurers.map((row) => ({
        key: row.insurer,
        name: row.insurer || text.noInsurer,
        share: row,
      })),
    },
  ];
  return (
    <div className="grid min-w-0 gap-4">
      {tables.map(({ by, caption, column, rows }) => (
        <FiguresTable
          key={by}
          id={`satisfaction-${respondent}-${by}`}
          caption={caption}
          captionClassName="pb-2 text-left text-lg font-semibold text-brand-950"
          columns={[column, ...counts]}
        >
          <ShareRows rows={rows} total={figures.total} />
        </FiguresTable>
      ))}
    </div>
  );
}

/**
 * The Beredskab page's satisfaction figures: of the customers and of the loss adjusters, each
 * apart, the share who answered satisfied (4–5) per month of the first answer and per insurer,
 * with the counts, in the twelve months up to the page's month (GET /api/staff/satisfaction).
 */
export function SatisfactionFigures({
  period,
  customers,
  adjusters,
}: {
  period: { from: string; to: string };
  customers: Figures;
  adjusters: Figures;
}) {
  return (
    <Card id="satisfaction-figures" heading={text.heading}>
      <p className="text-slate-700">{text.intro(formatDay(period.from), formatDay(period.to))}</p>
      <Group respondent="kunde" figures={customers} />
      <Group respondent="taksator" figures={adjusters} />
    </Card>
  );
}
