import { READER_LINK_PARAMS } from '@storyloom/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

type Landing = { chapterId: string; paragraph: number };

/** `?chapter_id=…&paragraph=N` without a comment: a search result's paragraph (readerPath). */
function landingOf(params: URLSearchParams): Landing | null {
  const chapterId = params.get(READER_LINK_PARAMS.chapterId);
  const paragraph = params.get(READER_LINK_PARAMS.paragraph);
  if (!chapterId || params.has(READER_LINK_PARAMS.comment)) return null;
  if (paragraph === null || !/^\d{1,6}$/.test(paragraph)) return null;
  return { chapterId, paragraph: Number(paragraph) };
}

/**
 * Follows a link to a paragraph ("In chapter text" search results): once that chapter's text is
 * on screen, the paragraph is scrolled to the middle of the window and marked (reader.css,
 * `data-found`) until the reader turns the page. The address is read when the reader opens,
 * since the reader takes one-visit parameters out of it as soon as the chapter is chosen.
 */
export function useLinkedParagraph(chapterId: string | undefined, textShown: boolean): void {
  const [searchParams] = useSearchParams();
  const [landing, setLanding] = useState(() => landingOf(searchParams));
  const fresh = landingOf(searchParams);
  const freshKey = fresh ? `${fresh.chapterId}:${fresh.paragraph}` : null;

  // A later link within the open reader (e.g. back to the search, another result).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the link itself
  useEffect(() => {
    if (fresh) setLanding(fresh);
  }, [freshKey]);

  useEffect(() => {
    if (!landing || !textShown || landing.chapterId !== chapterId) return;
    const frame = requestAnimationFrame(() => {
      const element = document.querySelector<HTMLElement>(
        `.chapter-content [data-paragraph="${landing.paragraph}"]`,
      );
      if (!element) return;
      for (const old of document.querySelectorAll('.chapter-content [data-found]'))
        old.removeAttribute('data-found');
      element.setAttribute('data-found', '');
      element.scrollIntoView({ block: 'center' });
      setLanding(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [landing, textShown, chapterId]);
}
