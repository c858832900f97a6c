import { Icon } from '~/components/icon';
import { Link } from 'react-router';
import { Logo } from '~/components/logo';
import { company, mailtoHref, telHref } from '../../domain/company';
import { footerLinks, shellText } from '~/content/navigation';

// lucide has no brand logos; ours are in the same sprite (app/assets/brand-marks.svg).
const socialIcons = { LinkedIn: 'linkedin', Facebook: 'facebook' } as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer data-site-footer className="bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="grid content-start gap-4">
          <Logo inverted />
          <p className="text-sm leading-relaxed text-brand-100">{shellText.footerTagline}</p>
          <p className="text-sm text-brand-100">
            {shellText.cvrLabel}: {company.cvr}
          </p>
        </div>
        <nav aria-label={shellText.footerServicesHeading}>
          <h2 className="mb-3 font-semibold text-white">{shellText.footerServicesHeading}</h2>
          <ul className="grid gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-brand-100 underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid content-start gap-3 text-sm">
          <h2 className="font-semibold text-white">{shellText.footerContactHeading}</h2>
          <a href={telHref} className="inline-flex items-center gap-2 text-brand-100 hover:text-white">
            <Icon name="phone" className="size-4" />
            {company.phoneDisplay}
          </a>
          <a href={mailtoHref} className="inline-flex items-center gap-2 text-brand-100 hover:text-white">
            <Icon name="mail" className="size-4" />
            {company.email}
          </a>
          <p className="inline-flex items-center gap-2 font-semibold text-white">
            <Icon name="clock" className="size-4" />
            {shellText.readiness}
          </p>
          <h2 className="mt-3 font-semibold text-white">{shellText.socialHeading}</h2>
          <ul className="flex gap-3">
            {company.social.map((profile) => {
              return (
                <li key={profile.name}>
                  <a
                    href={profile.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${profile.name} (åbner i nyt vindue)`}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-brand-900 text-white hover:bg-brand-800"
                  >
                    <Icon name={socialIcons[profile.name]} width={20} height={20} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-900">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-brand-200 sm:px-6 lg:px-8">
          © {year} {company.legalName}. {shellText.copyright}
        </p>
      </div>
    </footer>
  );
}
