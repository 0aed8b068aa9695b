import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` (a CSS length or a percentage of the
 * viewport's height) of the screen, above or below, and from then on. Lets a page leave what
 * sits far down (a chapter's comments) for when the reader gets near it: on a phone, rendering
 * it while the page loads is what keeps the page from answering. Without IntersectionObserver,
 * true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '100%'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
