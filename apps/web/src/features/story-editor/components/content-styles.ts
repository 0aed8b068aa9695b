/** How chapter text looks in the editor and the preview: the reader's serif, quotes set off. */
export const CHAPTER_TEXT_CLASSES =
  'font-serif text-[1.0625rem] leading-8 text-foreground break-words [&_p]:my-3 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-muted-foreground [&_strong]:font-bold [&_u]:underline [&_u]:underline-offset-2';

/** Tiptap's placeholder: the first empty paragraph shows `data-placeholder`. */
export const PLACEHOLDER_CLASSES =
  '[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]';
