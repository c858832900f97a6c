import { Icon } from '~/components/icon';
import { Link } from 'react-router';
import { Logo } from '~/components/logo';
import { MainNavLink } from '~/components/main-nav-link';
import { MobileDrawer } from '~/components/mobile-drawer';
import { Button } from '~/components/ui/button';
import { company } from '../../domain/company';
import { headerActions, mainNavigation, shellText } from '~/content/navigation';

export function SiteHeader() {
  return (
    <header
      data-site-header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <Link to="/" className="rounded-lg" aria-label={`${company.name} – ${shellText.homeLinkLabel}`}>
          <Logo compact />
        </Link>
        <nav aria-label={shellText.mainNavLabel} className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <MainNavLink
                  to={item.to}
                  label={item.label}
                  className="rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                  activeClassName="bg-brand-50 text-brand-800 font-semibold"
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <Button asChild variant="emergency" size="sm" className="whitespace-nowrap">
            <Link to={headerActions.emergency.to}>
              <Icon name="triangle-exclamation-point" />
              {headerActions.emergency.label}
            </Link>
          </Button>
          {/* A wrapper hides it below tablet width (the button's own display class would win otherwise); it is in the menu there. */}
          <span className="hidden md:contents">
            <Button asChild variant="primary" size="sm" className="whitespace-nowrap">
              <Link to={headerActions.report.to}>
                <Icon name="file-text" />
                {headerActions.report.label}
              </Link>
            </Button>
          </span>
          <MobileDrawer />
        </div>
      </div>
    </header>
  );
}
