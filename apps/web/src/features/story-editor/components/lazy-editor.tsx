import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { RichTextEditorProps } from './rich-text-editor';

const loadEditor = () => import('./rich-text-editor');

const Editor = lazy(() => loadEditor().then((m) => ({ default: m.RichTextEditor })));
const View = lazy(() => loadEditor().then((m) => ({ default: m.RichTextView })));

/** Starts downloading the editor early (e.g. when a story page opens on another tab). */
export const preloadEditor = () => void loadEditor();

function EditorFallback() {
  return (
    <div className="overflow-hidden rounded-xl border" aria-busy="true">
      <span className="sr-only">Loading editor…</span>
      <div className="flex gap-1 border-b bg-muted/40 px-2 py-1.5">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="size-9 rounded-lg" />
        ))}
      </div>
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorFallback />}>
      <Editor {...props} />
    </Suspense>
  );
}

export function LazyRichTextView(props: { html: string; className?: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-40 w-full" />}>
      <View {...props} />
    </Suspense>
  );
}
