import { Icon } from '~/components/icon';
import { Link, useLoaderData } from 'react-router';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { sitemapPage } from '~/content/pages/sitemap';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(sitemapPage, '/sitemap');

export const meta = loaderMeta;

export default function Sitemap() {
  const { hero, groups } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} tone="light" />
      <Section className="pt-2 sm:pt-6">
        <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {groups.map((group) => {
            return (
              <nav
                key={group.id}
                aria-labelledby={`sitemap-${group.id}`}
                className="grid content-start gap-4 rounded-2xl p-6 ring-1 ring-slate-200"
              >
                <h2
                  id={`sitemap-${group.id}`}
                  className="flex items-center gap-3 text-xl font-bold text-brand-950"
                >
                  <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <Icon name={group.icon} className="size-5" />
                  </span>
                  {group.title}
                </h2>
                <ul className="grid gap-1">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="flex min-h-11 items-center gap-2 rounded-lg px-2 py-1 text-brand-800 underline-offset-4 hover:bg-brand-50 hover:underline"
                      >
                        <Icon name="chevron-right" className="size-4 shrink-0" />
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            );
          })}
        </div>
      </Section>
    </>
  );
}
