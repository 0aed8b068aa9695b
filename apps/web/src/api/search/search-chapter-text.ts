import { type ChapterSearchPage, DISCOVERY } from '@storyloom/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';

/** Chapters on one page of "In chapter text" results. */
export const CHAPTER_TEXT_PAGE_SIZE = 10;
export const CHAPTER_TEXT_MAX_PAGES = Math.ceil(DISCOVERY.resultWindow / CHAPTER_TEXT_PAGE_SIZE);

export const chapterTextKeys = {
  search: (q: string, page: number) => ['stories', 'search', 'chapter-text', q, page] as const,
};

/** `GET /search/chapters`: chapters whose text holds the words or "phrase" (decision 032). */
export const chapterTextQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: chapterTextKeys.search(q, page),
    queryFn: ({ signal }) =>
      get<ChapterSearchPage>('/search/chapters', {
        query: { q, page: Math.min(page, CHAPTER_TEXT_MAX_PAGES), limit: CHAPTER_TEXT_PAGE_SIZE },
        ...(signal ? { signal } : {}),
      }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

export const useChapterTextSearch = (q: string, page: number) =>
  useQuery(chapterTextQueryOptions(q, page));
