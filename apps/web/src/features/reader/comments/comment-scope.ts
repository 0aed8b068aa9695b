import { createContext, useContext } from 'react';

/** The chapter a comment section is about (as shown), and who wrote the story (their comments are badged). */
export interface CommentScope {
  chapterId: string;
  storyId: string;
  storyAuthorId: string;
  /**
   * The `updated_at` of the chapter as shown: a paragraph comment sends it, so that an edit made
   * since the page loaded is refused (409) rather than the comment landing on other text.
   */
  chapterUpdatedAt: string;
}

export const CommentScopeContext = createContext<CommentScope | null>(null);

export function useCommentScope(): CommentScope {
  const scope = useContext(CommentScopeContext);
  if (!scope) throw new Error('comments render inside a CommentScopeContext');
  return scope;
}
