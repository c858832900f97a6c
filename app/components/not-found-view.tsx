import { Icon, type IconName } from '~/components/icon';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { company, telHref } from '../../domain/company';
import { notFoundPage, notFoundReports, type NotFoundIcon } from '~/content/pages/errors/not-found';
import { notFoundReportOfPath } from '~/content/pages/errors/not-found-paths';

const reportIcons: Record<NotFoundIcon, IconName> = { fire: 'flame', water: 'droplets', theft: 'shield-off' };

/**
 * Which fake damage report to show. Each report is prerendered at /__not-found/<n> and the server
 * serves one at random; when hydrating, keep the one in the served HTML, otherwise pick at random.
 */
function chooseReport(pathname: string): number {
  const isReport = (index: number) => Number.isInteger(index) && notFoundReports[index] !== undefined;
  if (typeof document !== 'undefined') {
    const served = Number(document.querySelector<HTMLElement>('[data-damage-report]')?.dataset.damageReport);
    if (isReport(served)) return served;
  } else {
    const prerendered = notFoundReportOfPath(pathname);
    if (prerendered !== null) return prerendered;
  }
  return Math.floor(Math.random() * notFoundReports.length);
}

export function NotFoundView() {
  const { pathname } = useLocation();
  const [reportIndex] = useState(() => chooseReport(pathname));
  const report = notFoundReports[reportIndex] ?? notFoundReports[0]!;

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-16 sm:py-24">
        <div className="grid gap-3 text-center">
          <p className="font-semibold tracking-wide text-brand-700 uppercase">{notFoundPage.eyebrow}</p>
          <h1 className="text-4xl font-bold text-brand-950 sm:text-5xl">{notFoundPage.title}</h1>
          <p className="text-lg text-slate-700">{notFoundPage.intro}</p>
        </div>
        <article
          data-damage-report={reportIndex}
          aria-labelledby="skaderapport"
          className="rounded-2xl border-2 border-dashed border-emergency-700 bg-white p-6 shadow-sm"
        >
          <div className="flex items-center gap-3">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-emergency-100 text-emergency-700">
              <Icon name={reportIcons[report.icon]} className="size-6" />
            </span>
            <h2 id="skaderapport" className="text-xl font-bold text-slate-900">
              {notFoundPage.reportHeading}: {report.damageType}
            </h2>
          </div>
          <dl className="mt-4 grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">{notFoundPage.caseLabel}</dt>
              <dd className="font-mono font-semibold">{report.caseNumber}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{notFoundPage.statusLabel}</dt>
              <dd className="font-semibold text-emergency-700">{notFoundPage.status}</dd>
            </div>
          </dl>
          <p className="mt-4">{report.description}</p>
          <p className="mt-2 text-slate-600">{report.finding}</p>
        </article>
        <div className="grid gap-4 text-center">
          <h2 className="text-lg font-semibold text-brand-950">{notFoundPage.helpHeading}</h2>
          <div className="flex flex-wrap justify-center gap-3">
            {notFoundPage.links.map((link, index) => (
              <Button key={link.to} asChild variant={index === 0 ? 'primary' : 'outline'}>
                <Link to={link.to}>{link.label}</Link>
              </Button>
            ))}
          </div>
          <p>
            {notFoundPage.callPrefix}{' '}
            <a
              href={telHref}
              className="inline-flex items-center gap-1 font-semibold text-brand-800 underline"
            >
              <Icon name="phone" className="size-4" />
              {company.phoneDisplay}
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
