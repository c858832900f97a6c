import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { inboxPaths, inboxText } from '~/content/inbox';
import { errorMessage } from './api';
import { useReload } from './shared/use-reload';
import { InboxFrame } from './inbox-frame';

const text = inboxText.errors;

/** What an inbox page shows when its data could not be loaded (the server's Danish message). */
export function InboxError() {
  const error = useRouteError();
  const reload = useReload();
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 tabIndex={-1} className="text-2xl font-bold text-brand-950 focus:outline-none">
        {text.pageTitle}
      </h1>
      <p role="alert" className="text-lg">
        {errorMessage(error)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => reload()}>
          {text.retry}
        </Button>
        <Link to={inboxPaths.inbox} className={buttonClasses('outline')}>
          {text.backToInbox}
        </Link>
      </div>
    </section>
  );
}

/** The same, for a failure of the inbox's frame itself (it then has no header). */
export function InboxFrameError() {
  return (
    <InboxFrame>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <InboxError />
      </div>
    </InboxFrame>
  );
}
