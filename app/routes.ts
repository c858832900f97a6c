import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { blogArticleIds } from './content/blog/article-ids';

/**
 * The one route table: Danish URL → English module name. Every entry but the staff inbox
 * is prerendered (react-router.config.ts), and sitemap.xml is built from the same list.
 */
export default [
  index('routes/home.tsx'),
  route('services', 'routes/services.tsx'),
  route('forebyggelse', 'routes/prevention.tsx'),
  route('dokumentation', 'routes/documentation.tsx'),
  route('skadestyring', 'routes/damage-management.tsx'),
  route('skadeservice', 'routes/damage-service.tsx'),
  route('akut-skade', 'routes/emergency.tsx'),
  route('akut-skadeservice', 'routes/emergency-service.tsx'),
  route('anmeldelse', 'routes/damage-report.tsx'),
  route('rekvisition', 'routes/rekvisition.tsx'),
  route('tak', 'routes/thank-you.tsx'),
  route('genhusning', 'routes/rehousing.tsx'),
  route('skade-dokumentation', 'routes/damage-documentation.tsx'),
  route('sitemap', 'routes/sitemap.tsx'),
  route('kursus', 'routes/courses.tsx'),
  route('vaerdiredningsplan', 'routes/value-rescue-plan.tsx'),
  route('3d-scanning', 'routes/scanning-3d.tsx'),
  route('resources', 'routes/resources.tsx'),
  route('blog', 'routes/blog.tsx'),
  // /blog/:id, one route per article: an unknown id then matches the catch-all
  // in the browser too, exactly like the 404 page the server answers it with (a blog/:id route
  // would hydrate that page with another route module and mismatch).
  ...blogArticleIds.map((id) => route(`blog/${id}`, 'routes/blog-article.tsx', { id: `blog-article/${id}` })),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('skadeserviceaftale', 'routes/damage-service-agreement.tsx'),
  // Files generated from this table at build time (not pages).
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  // The staff inbox: client-only pages behind a login. Never prerendered (react-router.config.ts)
  // nor in the sitemap (app/lib/site-paths.ts); the server answers /indbakke/* with the SPA fallback.
  route('indbakke/login', 'routes/indbakke/login.tsx'),
  layout('routes/indbakke/layout.tsx', [
    route('indbakke', 'routes/indbakke/inbox.tsx'),
    route('indbakke/henvendelse/:id', 'routes/indbakke/lead.tsx'),
    route('indbakke/persondata', 'routes/indbakke/personal-data.tsx'),
    route('indbakke/log', 'routes/indbakke/audit-log.tsx'),
    route('indbakke/vagtplan', 'routes/indbakke/rota.tsx'),
    route('indbakke/beredskab', 'routes/indbakke/figures.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
