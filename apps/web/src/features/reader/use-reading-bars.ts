import { type RefObject, useEffect } from 'react';

/** Where reading mode applies: below Tailwind's md, as in reader.css. */
const NARROW = '(width < 48rem)';
/** Scrolling less than this (px) one way is not yet a change of direction: no flicker. */
const TOLERANCE = 8;
/** What a tap on it does itself; a tap anywhere else in the text brings the bars back. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

/**
 * Reading mode on a narrow screen: the site's top bar and the reader's header (`header`) hide
 * while the reader scrolls down and come back on a scroll up, a tap in the text (`text`), near
 * the top or the bottom of the page, and whenever focus goes into either, so a keyboard user
 * never works in a hidden bar; scrolling never hides them while focus is in one. The state is
 * `data-reader-bars="hidden"` on <html>, where reader.css reads it (the top bar lives in the
 * page shell, outside the reader); it also keeps `--top-bar-height` there, which pins the
 * header under the top bar. Under prefers-reduced-motion the bars go and come without sliding
 * (reader.css).
 */
export function useReadingBars(
  header: RefObject<HTMLElement | null>,
  text: RefObject<HTMLElement | null>,
  enabled: boolean,
) {
  useEffect(() => {
    const headerBar = header.current;
    const textArea = text.current;
    if (!enabled || !headerBar) return;
    const root = document.documentElement;
    const narrow = window.matchMedia(NARROW);
    const topBar = document.querySelector<HTMLElement>('[data-top-bar]');
    const bars = topBar ? [topBar, headerBar] : [headerBar];
    const inBars = (node: unknown) =>
      node instanceof Node && bars.some((bar) => bar.contains(node));

    let hidden = false;
    const setHidden = (next: boolean) => {
      if (next === hidden) return;
      hidden = next;
      if (next) root.dataset.readerBars = 'hidden';
      else delete root.dataset.readerBars;
    };

    let anchor = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const nearTop = y <= (topBar?.offsetHeight ?? 0) + headerBar.offsetHeight;
      const atBottom = y + window.innerHeight >= root.scrollHeight - 2;
      if (!narrow.matches || nearTop || atBottom) {
        anchor = y;
        setHidden(false);
        return;
      }
      const moved = y - anchor;
      if (Math.abs(moved) < TOLERANCE) return;
      anchor = y;
      if (moved < 0) setHidden(false);
      else if (!inBars(document.activeElement)) setHidden(true);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (inBars(event.target)) setHidden(false);
    };
    const onTap = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
      // Selecting text is not a tap.
      if (window.getSelection()?.isCollapsed === false) return;
      setHidden(false);
    };

    const sizes = new ResizeObserver(() => {
      if (topBar) root.style.setProperty('--top-bar-height', `${topBar.offsetHeight}px`);
    });
    if (topBar) sizes.observe(topBar);

    window.addEventListener('scroll', onScroll, { passive: true });
    narrow.addEventListener('change', update);
    document.addEventListener('focusin', onFocusIn);
    textArea?.addEventListener('click', onTap);
    return () => {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      window.removeEventListener('scroll', onScroll);
      narrow.removeEventListener('change', update);
      document.removeEventListener('focusin', onFocusIn);
      textArea?.removeEventListener('click', onTap);
      delete root.dataset.readerBars;
      root.style.removeProperty('--top-bar-height');
    };
  }, [header, text, enabled]);
}
