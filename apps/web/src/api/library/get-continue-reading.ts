import type { ContinueReading } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { LIBRARY_PAGE_SIZE, libraryKeys } from './keys';

/** `GET /users/me/progress`: stories being read, most recently read first, with the chapter. */
export const continueReadingQueryOptions = () =>
  pagedListQueryOptions<ContinueReading>(
    libraryKeys.reading(LIBRARY_PAGE_SIZE),
    '/users/me/progress',
    LIBRARY_PAGE_SIZE,
  );

export const useContinueReading = (enabled: boolean) =>
  useInfiniteQuery({ ...continueReadingQueryOptions(), enabled });
