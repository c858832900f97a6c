import { Icon } from '~/components/icon';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { company, telHref } from '../../domain/company';
import { errorPage } from '~/content/pages/errors/error';

export function ErrorView() {
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-brand-950">{errorPage.title}</h1>
      <p className="text-lg">{errorPage.text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          {errorPage.reload}
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{errorPage.home}</Link>
        </Button>
        <Button asChild variant="emergency">
          <a href={telHref}>
            <Icon name="phone" />
            {company.phoneDisplay}
          </a>
        </Button>
      </div>
    </section>
  );
}
