import { companyStaff } from '../../../domain/company-staff';
import { images } from '../images';
import type { BlogArticleMeta } from './article';

const author = companyStaff[0];

/** The 3D-scanning article, the first article of the blog. */
export const scanning3dArticle: BlogArticleMeta = {
  id: '3d-scanning-af-skader',
  title: '3D-scanning af skader: Sådan sikrer vi dokumentationen, før noget bliver flyttet',
  excerpt:
    'En 3D-scanning fastholder skadestedet præcis, som det så ud, da skaden skete. Det giver hurtigere afklaring med forsikringen, færre uenigheder og en bedre erstatningsopgørelse. Her er, hvordan det foregår – og hvad du får ud af det.',
  author: author.name,
  authorTitle: author.title,
  publishedAt: '2026-11-03',
  category: 'Dokumentation',
  tags: ['3D-scanning', 'Dokumentation', 'Forsikring', 'Skadebehandling'],
  image: images.blog3dScanning,
  readTimeMinutes: 3,
};
