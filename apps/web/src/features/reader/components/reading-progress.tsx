import { type RefObject, useEffect, useRef, useState } from 'react';
import { chapterProgress } from '../chapter-position';
import { READER_MESSAGES } from '../messages';

/**
 * A thin bar along the top edge of the window, at every width, filling as the reader goes
 * through the chapter. The fill follows every frame; the progress bar's value (whole percent)
 * is what assistive technology reads. Remount it (a `key`) for each chapter.
 */
export function ReadingProgress({ chapter }: { chapter: RefObject<HTMLElement | null> }) {
  const [percent, setPercent] = useState(0);
  const fill = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const article = chapter.current;
    if (!article) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const { top, height } = article.getBoundingClientRect();
      const progress = chapterProgress(top, height, window.innerHeight);
      if (fill.current) fill.current.style.transform = `scaleX(${progress})`;
      setPercent(Math.round(progress * 100));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    // The text grows and shrinks with the reading settings, and the window with the device. The
    // observer's first call, once the page is laid out, draws the bar: measuring here instead
    // would lay the page out inside the task that takes it over.
    const sizes = new ResizeObserver(schedule);
    sizes.observe(article);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [chapter]);

  return (
    <div
      role="progressbar"
      aria-label={READER_MESSAGES.chapterProgress}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="reading-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[45] h-[3px] bg-primary/15"
    >
      <div ref={fill} className="h-full origin-left bg-primary [transform:scaleX(0)]" />
    </div>
  );
}
