import type { DirectoryAuthor, Paged } from '@storyloom/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { refreshEachVisit } from '../../lib/page-data';
import { userKeys } from './keys';

/** Authors per page of the directory. */
export const AUTHORS_PAGE_SIZE = 24;

/** `GET /users/authors`: a page of the author directory, most followed first. */
export const getAuthors = (page: number, signal?: AbortSignal) =>
  get<Paged<DirectoryAuthor>>('/users/authors', {
    query: { page, limit: AUTHORS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

/**
 * Asked again on every arrival, like the other lists of people: a follow made on another page
 * shows when the reader comes back.
 */
export const authorsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: userKeys.authors(page),
    queryFn: ({ signal }) => getAuthors(page, signal),
    staleTime: refreshEachVisit,
  });

/** The page keeps showing while the next one loads, so the pager does not jump. */
export const useAuthors = (page: number, enabled = true) =>
  useQuery({ ...authorsQueryOptions(page), placeholderData: keepPreviousData, enabled });
