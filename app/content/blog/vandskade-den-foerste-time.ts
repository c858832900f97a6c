import { companyStaff } from '../../../domain/company-staff';
import { images } from '../images';
import type { BlogArticleMeta } from './article';

const author = companyStaff[1];

export const waterDamageFirstHourArticle: BlogArticleMeta = {
  id: 'vandskade-den-foerste-time',
  title: 'Vandskade: Det skal du gøre den første time',
  excerpt:
    'Et sprunget rør, en utæt opvaskemaskine eller vand i kælderen efter kraftig regn. Den første time afgør ofte, hvor stor skaden bliver. Her er de vigtigste skridt – i den rigtige rækkefølge.',
  author: author.name,
  authorTitle: author.title,
  publishedAt: '2026-10-06',
  category: 'Gode råd',
  tags: ['Vandskade', 'Skadebegrænsning', 'Forsikring', 'Gode råd'],
  image: images.sectionDuring,
  readTimeMinutes: 3,
};
