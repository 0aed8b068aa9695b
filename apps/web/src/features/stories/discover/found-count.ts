import type { EstimatedPage } from '@storyloom/shared';
import { plural } from '../detail/messages';

/** "12 stories found", or "About 9,400 stories found" when the server estimated the total. */
export const foundCount = (page: EstimatedPage<unknown>, one: string, many: string) =>
  `${page.total_estimated ? 'About ' : ''}${plural(page.total, one, many)} found`;
