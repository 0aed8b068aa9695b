import { useCallback, useEffect, useRef } from 'react';
import { removeDraft, type StoryDraft, writeDraft } from '../model/drafts';

type DraftContent = Omit<StoryDraft, 'savedAt'>;

/**
 * Keeps `draft` in browser storage under `key`, `delayMs` after it last changed; `null` removes
 * the stored draft. A pending write is flushed when the page is hidden or the form unmounts, so
 * a reload right after typing keeps it. Nothing is written while `paused`. `stop()` cancels for
 * good (e.g. once the story is deleted).
 */
export function useDraftAutosave(
  key: string | null,
  draft: DraftContent | null,
  { paused = false, delayMs = 500 }: { paused?: boolean; delayMs?: number } = {},
) {
  const pending = useRef<(() => void) | null>(null);
  const stopped = useRef(false);

  const flush = useCallback(() => {
    const write = pending.current;
    pending.current = null;
    write?.();
  }, []);

  useEffect(() => {
    if (!key || paused || stopped.current) return;
    const write = () => (draft ? writeDraft(key, draft) : removeDraft(key));
    pending.current = write;
    const timer = setTimeout(flush, delayMs);
    return () => clearTimeout(timer);
  }, [key, draft, paused, delayMs, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return {
    stop: useCallback(() => {
      stopped.current = true;
      pending.current = null;
    }, []),
  };
}
