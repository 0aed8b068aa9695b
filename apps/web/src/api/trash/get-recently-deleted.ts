import type { DeletedItem } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { trashKeys } from './keys';

const PAGE_SIZE = 20;

/** `GET /users/me/recently-deleted`: the author's deleted stories and chapters, newest first. */
export const recentlyDeletedQueryOptions = () =>
  pagedListQueryOptions<DeletedItem>(
    trashKeys.list(PAGE_SIZE),
    '/users/me/recently-deleted',
    PAGE_SIZE,
  );

export const useRecentlyDeleted = () => useInfiniteQuery(recentlyDeletedQueryOptions());
