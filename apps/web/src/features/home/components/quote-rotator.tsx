import { TIMINGS } from '@storyloom/shared';
import { useEffect, useState } from 'react';

const QUOTES = [
  { text: 'A reader lives a thousand lives before he dies.', author: 'George R.R. Martin' },
  { text: 'There is no friend as loyal as a book.', author: 'Ernest Hemingway' },
  {
    text: 'If there’s a book that you want to read, but it hasn’t been written yet, then you must write it.',
    author: 'Toni Morrison',
  },
  { text: 'Once you learn to read, you will be forever free.', author: 'Frederick Douglass' },
] as const;

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The hero's quote, changing every 5 s. Announced politely; hovering or focusing it
 * pauses the rotation, and it stays still for people who prefer reduced motion.
 */
export function QuoteRotator() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [still] = useState(reducedMotion);

  useEffect(() => {
    if (paused || still) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % QUOTES.length),
      TIMINGS.quoteRotationMs,
    );
    return () => window.clearInterval(timer);
  }, [paused, still]);

  const quote = QUOTES[index] ?? QUOTES[0];
  return (
    <figure
      className="hero-quote"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      // Focusable so keyboard users can pause it too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focus pauses the rotation
      tabIndex={0}
      data-testid="hero-quote"
    >
      <div aria-live="polite" aria-atomic="true">
        <blockquote key={index}>“{quote.text}”</blockquote>
        <figcaption>— {quote.author}</figcaption>
      </div>
      <div className="quote-dots" aria-hidden="true">
        {QUOTES.map((q, i) => (
          <span key={q.author} data-current={i === index ? '' : undefined} />
        ))}
      </div>
    </figure>
  );
}
