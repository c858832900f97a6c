import type { Action } from '~/components/sections/types';
import { company } from '../../../domain/company';

export const blogPage = {
  metaTitle: 'Blog – viden og gode råd om skader',
  metaDescription: `Artikler fra ${company.name} om vandskade, brand, skybrud, 3D-dokumentation og forebyggelse – skrevet af vores skadeeksperter.`,
  hero: {
    badge: 'Viden fra skadestedet',
    title: 'Blog',
    intro:
      'Gode råd, erfaringer og ny viden om skadehåndtering, forebyggelse og dokumentation – skrevet af de folk, der står på skadestedet hver dag.',
  },
  listTitle: 'Nyeste artikler',
  emptyState: {
    title: 'Der er ingen indlæg lige nu…',
    text: 'Vi arbejder på nye artikler. Kig forbi igen snart – eller hent vores gratis ressourcer i mellemtiden.',
    action: { label: 'Se gratis ressourcer', to: '/resources', variant: 'outline' } satisfies Action,
  },
  card: {
    readMore: 'Læs artiklen',
  },
} as const;

/** Labels of the article page (/blog/:id). */
export const articlePage = {
  backToList: 'Alle artikler',
  byline: 'Af',
  publishedLabel: 'Udgivet',
  readTime: (minutes: number) => `${minutes} min. læsning`,
  categoryLabel: 'Kategori',
  tagsLabel: 'Emner',
  share: {
    title: 'Del artiklen',
    networks: {
      linkedin: 'Del på LinkedIn',
      facebook: 'Del på Facebook',
      x: 'Del på X (Twitter)',
      email: 'Del via e-mail',
    },
    newWindow: '(åbner i et nyt vindue)',
    emailBody: (title: string) => `Jeg tror, du vil finde denne artikel interessant: ${title}`,
    copyLink: 'Kopiér link',
    copied: { title: 'Link kopieret', description: 'Linket til artiklen ligger nu i din udklipsholder.' },
    copyFailed: {
      title: 'Linket kunne ikke kopieres',
      description: 'Din browser tillod det ikke. Kopiér adressen fra adresselinjen i stedet.',
    },
  },
  related: { title: 'Læs også' },
  cta: {
    title: 'Har du spørgsmål til en skade?',
    text: 'Vores skadeeksperter svarer gerne – uanset om du vil forebygge, har en skade nu eller skal have styr på dokumentationen.',
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light' },
      { label: 'Gratis ressourcer', to: '/resources', variant: 'ghostLight', icon: 'book-open' },
    ] satisfies Action[],
  },
} as const;
