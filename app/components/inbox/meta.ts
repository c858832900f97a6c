import type { MetaDescriptor } from 'react-router';
import { inboxMetaTitles, type InboxPage } from '~/content/inbox';

/** The head tags of an inbox page: its title, and never in a search engine. */
export function inboxMeta(page: InboxPage): MetaDescriptor[] {
  return [{ title: inboxMetaTitles[page] }, { name: 'robots', content: 'noindex' }];
}
