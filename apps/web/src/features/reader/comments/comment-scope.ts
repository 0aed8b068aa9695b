import { createContext, useContext } from 'react';

/** The chapter a comment section is about, and who wrote the story (their comments are badged). */
export interface CommentScope {
  chapterId: string;
  storyId: string;
  storyAuthorId: string;
}

export const CommentScopeContext = createContext<CommentScope | null>(null);

export function useCommentScope(): CommentScope {
  const scope = useContext(CommentScopeContext);
  if (!scope) throw new Error('comments render inside a CommentScopeContext');
  return scope;
}
