import type { FormEvent } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Select } from '~/components/ui/select';
import { inboxPaths } from '~/content/inbox';
import { oncallText } from '~/content/inbox-oncall';
import { figuresCsvUrl } from '../api';
import { currentMonth, type loadFigures } from '../loaders';
import { formatDuration, formatMonth, formatShare, monthsBefore } from '../shared/oncall-format';
import type { FiguresAnswer } from '../../../../domain/staff-api/oncall';
import { ReservePanel } from './reserve-panel';
import { SurgePanel } from './surge-panel';
import { FirstResponseFigures } from './first-response-figures';
import { InsurerFigures } from './insurer-figures';
import { InsurerRules } from './insurer-rules';
import { SatisfactionFigures } from './satisfaction-figures';
import { useMay } from '../shared/staff-role';
import { PageHeading } from '../shared/page-heading';
import { FiguresRow, FiguresTable } from './figures-table';

const text = oncallText.figures;
const columns = text.columns;

type FigureRow = FiguresAnswer['total'];

/**
 * /indbakke/beredskab: how the promise of a callback within 15 minutes was kept in a month, in all
 * and per person (emergencies, median and 90th percentile to acknowledgement and to callback, the
 * share called back in time), with the month's CSV.
 */
export function FiguresPage() {
  const { month, figures, byInsurer, insurers, satisfaction } = useLoaderData<typeof loadFigures>();
  const mayExport = useMay('csvExport');
  const navigate = useNavigate();
  // A plain form and navigate(): React Router's <Form> would add its code to the framework chunk
  // every public page loads.
  const pick = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const picked = new FormData(event.currentTarget).get('maaned');
    void navigate(`${inboxPaths.figures}?${new URLSearchParams({ maaned: String(picked ?? month) })}`);
  };
  const months = monthsBefore(currentMonth(), 24);
  const options = (months.includes(month) ? months : [month, ...months]).map((value) => ({
    value,
    label: formatMonth(value),
  }));
  const rows: Array<{ key: string; name: string; row: FigureRow }> = [
    ...figures.people.map((person) => ({ key: person.userId, name: person.name, row: person })),
    { key: 'total', name: text.total, row: figures.total },
  ];

  return (
    <>
      <PageHeading heading={text.heading} intro={text.intro} />

      <SurgePanel />
      <ReservePanel />

      <div className="flex flex-wrap items-end justify-between gap-4">
        <form
          method="get"
          action={inboxPaths.figures}
          onSubmit={pick}
          className="flex flex-wrap items-end gap-2"
        >
          <FormField id="figures-month" label={text.month} className="min-w-48">
            {(control) => <Select {...control} name="maaned" options={options} defaultValue={month} />}
          </FormField>
          <Button type="submit" variant="outline">
            {text.show}
          </Button>
        </form>
        {mayExport ? (
          <div className="grid justify-items-start gap-1 sm:justify-items-end">
            <a
              href={figuresCsvUrl(month)}
              download
              className={buttonClasses('outline', 'sm')}
              aria-describedby="figures-csv-hint"
            >
              <Icon name="download" />
              {text.downloadCsv}
            </a>
            <span id="figures-csv-hint" className="text-sm text-slate-600">
              {text.csvHint}
            </span>
          </div>
        ) : null}
      </div>

      <section className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        {figures.total.emergencies === 0 ? <p className="font-medium text-slate-700">{text.empty}</p> : null}
        <FiguresTable
          id="figures"
          caption={text.caption(formatMonth(month))}
          captionClassName="pb-2 text-left text-xl font-bold text-brand-950"
          columns={[
            columns.person,
            columns.emergencies,
            columns.ackMedian,
            columns.ackP90,
            columns.callMedian,
            columns.callP90,
            columns.within,
          ]}
        >
          {rows.map(({ key, name, row }) => (
            <FiguresRow key={key} name={name} total={key === 'total'}>
              <td className="px-2 py-2">{row.emergencies}</td>
              <td className="px-2 py-2">{formatDuration(row.acknowledged.median) ?? text.none}</td>
              <td className="px-2 py-2">{formatDuration(row.acknowledged.p90) ?? text.none}</td>
              <td className="px-2 py-2">{formatDuration(row.calledBack.median) ?? text.none}</td>
              <td className="px-2 py-2">{formatDuration(row.calledBack.p90) ?? text.none}</td>
              <td className="px-2 py-2">
                {formatShare(row.withinShare) ?? text.none}
                {row.counted > 0 ? ` (${row.within}/${row.counted})` : ''}
                {row.waiting > 0 ? text.waiting(row.waiting) : ''}
              </td>
            </FiguresRow>
          ))}
        </FiguresTable>
        <p className="text-sm text-slate-700">{text.explain}</p>
      </section>

      {figures.firstResponse ? (
        <FirstResponseFigures rows={figures.firstResponse} month={formatMonth(month)} />
      ) : null}

      <InsurerFigures figures={byInsurer} month={month} />
      <SatisfactionFigures {...satisfaction} />
      <InsurerRules insurers={insurers} />

      {figures.surge.emergencies > 0 ? (
        <section
          aria-labelledby="surge-figures-heading"
          className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id="surge-figures-heading" className="text-xl font-bold text-brand-950">
            {text.surgeHeading}
          </h2>
          <p className="text-slate-700">
            {text.surgeLine(
              figures.surge.emergencies,
              formatDuration(figures.surge.announced.median) ?? text.none,
              formatDuration(figures.surge.calledBack.median) ?? text.none,
              formatShare(figures.surge.withinShare) ?? text.none,
              figures.surge,
            )}
          </p>
          <p className="text-sm text-slate-700">{text.surgeExplain}</p>
        </section>
      ) : null}
    </>
  );
}
