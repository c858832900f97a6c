import type { IconName } from '~/components/icon';
import { blogArticles } from '~/content/blog/articles';
import { company } from '../../../domain/company';
import { footerLinks, headerActions, mainNavigation } from '~/content/navigation';

export interface SitemapLink {
  to: string;
  label: string;
}

export interface SitemapGroup {
  id: string;
  icon: IconName;
  title: string;
  links: readonly SitemapLink[];
}

/** Labels from the navigation where a page is in it, so a page has one name everywhere. */
function label(to: string, fallback?: string): SitemapLink {
  const known = [...mainNavigation, ...footerLinks, headerActions.emergency, headerActions.report].find(
    (link) => link.to === to,
  );
  const text = known?.label ?? fallback;
  if (!text) throw new Error(`No label for ${to}`);
  return { to, label: text };
}

/**
 * Every page of app/routes.ts except the not-found page, grouped for people
 * (app/content/pages/sitemap.test.ts checks that none is missing).
 */
export const sitemapPage = {
  metaTitle: 'Sitemap – oversigt over alle sider',
  metaDescription: `Oversigt over alle sider på ${company.name}s hjemmeside: ydelser, akut hjælp, skadeservice, ressourcer, blog og information.`,
  hero: {
    title: 'Sitemap',
    intro: 'Her finder du alle sider på hjemmesiden samlet ét sted.',
  },
  groups: [
    {
      id: 'hovedsider',
      icon: 'map',
      title: 'Hovedsider',
      links: mainNavigation.map((link) => label(link.to)),
    },
    {
      id: 'ydelsesomraader',
      icon: 'wrench',
      title: 'Ydelsesområder',
      links: [
        label('/forebyggelse'),
        label('/vaerdiredningsplan', 'Værdiredningsplan'),
        label('/3d-scanning', '3D-scanning'),
        label('/dokumentation'),
        label('/skade-dokumentation', 'Skadedokumentation'),
        label('/kursus', 'Kurser og træning'),
      ],
    },
    {
      id: 'akut-hjaelp',
      icon: 'siren',
      title: 'Akut hjælp',
      links: [
        label('/akut-skade', 'Akut skade – send en akut henvendelse'),
        label('/akut-skadeservice'),
        label('/anmeldelse', 'Anmeld en skade'),
        label('/tak', 'Kvittering for skadeanmeldelse'),
      ],
    },
    {
      id: 'skadeservice',
      icon: 'life-buoy',
      title: 'Skadeservice',
      links: [
        label('/skadeservice'),
        label('/skadestyring'),
        label('/genhusning'),
        label('/skadeserviceaftale', 'Skadeserviceaftale for virksomheder'),
        label('/rekvisition', 'Rekvisition for forsikringsselskaber og taksatorer'),
      ],
    },
    {
      id: 'blog',
      icon: 'newspaper',
      title: 'Blogartikler',
      links: blogArticles.map((article) => ({ to: `/blog/${article.id}`, label: article.title })),
    },
    {
      id: 'information',
      icon: 'file-text',
      title: 'Information',
      links: [label('/privacy-policy'), label('/terms-of-service'), label('/sitemap')],
    },
  ] satisfies SitemapGroup[],
} as const;
