import { useEffect, useRef } from 'react';

/** Where arrow keys belong to the control itself, not to chapter turning. */
const OWN_ARROWS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="slider"], [role="radiogroup"], [role="tablist"], [role="menu"], [role="listbox"]';

/**
 * ArrowLeft / ArrowRight turn to the previous / next chapter, except while typing, while a
 * dialog is open, or with a modifier held (browser shortcuts).
 */
export function useChapterKeys(onPrevious: () => void, onNext: () => void, enabled: boolean) {
  const handlers = useRef({ onPrevious, onNext });
  useEffect(() => {
    handlers.current = { onPrevious, onNext };
  });

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(OWN_ARROWS)) return;
      if (document.querySelector('[role="dialog"][data-state="open"]')) return;
      event.preventDefault();
      if (event.key === 'ArrowLeft') handlers.current.onPrevious();
      else handlers.current.onNext();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
