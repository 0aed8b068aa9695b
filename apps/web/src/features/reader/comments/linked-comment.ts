import { type Chapter, paragraphsOfHtml, READER_LINK_PARAMS } from '@storyloom/shared';
import { createContext, useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The comment a reader address points at (`readerPath` in @storyloom/shared), if any. */
type LinkedComment = { id: string; parentId: string | null; paragraph: number | null };

function linkedComment(params: URLSearchParams): LinkedComment | null {
  const id = params.get(READER_LINK_PARAMS.comment);
  if (!id) return null;
  const paragraph = params.get(READER_LINK_PARAMS.paragraph);
  return {
    id,
    parentId: params.get(READER_LINK_PARAMS.parent) || null,
    paragraph: paragraph !== null && /^\d{1,6}$/.test(paragraph) ? Number(paragraph) : null,
  };
}

/** The comment a link (a notification's) points at, in the chapter it was found on. */
export type CommentTarget = {
  chapterId: string;
  commentId: string;
  /** Its top-level comment, whose replies open to show it. */
  parentId: string | null;
};

export const CommentTargetContext = createContext<CommentTarget | null>(null);

/** The linked comment, for the comment items: the one to show and the replies to open. */
export const useCommentTarget = () => useContext(CommentTargetContext);

/**
 * Follows a link to a comment (`?comment=…&parent=…&paragraph=…`, `readerPath` in
 * @storyloom/shared) once the chapter is on screen: a paragraph's comment opens its thread,
 * any other brings the chapter's comments into view; the comment itself then scrolls into view
 * and is marked when its thread shows it (comment-item.tsx). The reader takes the parameters
 * out of the address afterwards, so turning the page does not open the thread again.
 */
export function useLinkedComment(
  chapter: Chapter | undefined,
  openParagraph: (index: number, html: string) => void,
): CommentTarget | null {
  const [searchParams] = useSearchParams();
  const linked = linkedComment(searchParams);
  const [target, setTarget] = useState<CommentTarget | null>(null);
  const linkKey = linked ? `${linked.id}:${linked.parentId}:${linked.paragraph}` : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link and chapter
  useEffect(() => {
    if (!linked || !chapter) return;
    setTarget({ chapterId: chapter.id, commentId: linked.id, parentId: linked.parentId });
    const html =
      linked.paragraph === null ? undefined : paragraphsOfHtml(chapter.content)[linked.paragraph];
    if (linked.paragraph !== null && html !== undefined) {
      openParagraph(linked.paragraph, html);
      return;
    }
    // The chapter's own thread follows the text: go there while its comments load.
    requestAnimationFrame(() =>
      document.getElementById('chapter-comments')?.scrollIntoView({ block: 'start' }),
    );
  }, [linkKey, chapter?.id]);

  return target && target.chapterId === chapter?.id ? target : null;
}
