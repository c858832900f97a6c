import { companyStaff } from '../../../domain/company-staff';
import { images } from '../images';
import type { BlogArticleMeta } from './article';

const author = companyStaff[2];

export const cloudburstBusinessArticle: BlogArticleMeta = {
  id: 'skybrud-forbered-virksomheden',
  title: 'Skybrud: Sådan forbereder du virksomheden, før vandet kommer',
  excerpt:
    'Skybrud rammer med kort varsel og kan lukke en virksomhed i dagevis. Med en plan, lidt udstyr og de rigtige prioriteringer kan du mindske skaden markant. Her er vores bedste råd til virksomheder og institutioner.',
  author: author.name,
  authorTitle: author.title,
  publishedAt: '2026-08-25',
  category: 'Forebyggelse',
  tags: ['Skybrud', 'Forebyggelse', 'Erhverv', 'Værdiredningsplan'],
  image: images.sectionBefore,
  readTimeMinutes: 2,
};
