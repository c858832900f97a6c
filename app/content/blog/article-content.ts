import { scanning3dContent } from './3d-scanning-af-skader.content';
import type { ArticleBlock } from './article';
import { cloudburstBusinessContent } from './skybrud-virksomhed.content';
import { waterDamageFirstHourContent } from './vandskade-den-foerste-time.content';

/** The text of every article by id: imported by the article page only, so lists stay small. */
export const articleContent: Readonly<Record<string, readonly ArticleBlock[]>> = {
  '3d-scanning-af-skader': scanning3dContent,
  'vandskade-den-foerste-time': waterDamageFirstHourContent,
  'skybrud-forbered-virksomheden': cloudburstBusinessContent,
};
