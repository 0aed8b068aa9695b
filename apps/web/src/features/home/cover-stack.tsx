import { clsx } from 'clsx';

/** Fanned out: the middle cover in front, the other two tilted behind it. */
const covers = [
  {
    genre: 'Fantasy',
    title: 'The Ember Crown',
    tone: 'from-indigo-600 to-violet-800',
    place: 'z-0 -translate-x-[85%] -rotate-12',
  },
  {
    genre: 'Mystery',
    title: 'Fog over Hallow Lane',
    tone: 'from-slate-600 to-slate-900',
    place: 'z-0 -translate-x-[15%] rotate-12',
  },
  {
    genre: 'Romance',
    title: 'Letters in Spring',
    tone: 'from-pink-500 to-rose-700',
    place: 'z-10 -translate-x-1/2 -translate-y-4',
  },
];

/**
 * Decorative book covers for the hero; purely visual, so hidden from assistive tech. Their
 * genre, title and rule are drawn by the `cover-stack-book` rules of home.css.
 */
export function CoverStack() {
  return (
    <div aria-hidden="true" className="cover-stack">
      {covers.map((cover) => (
        <div key={cover.title} className={clsx('cover-stack-book', cover.tone, cover.place)}>
          <span>{cover.genre}</span>
          <p>{cover.title}</p>
        </div>
      ))}
    </div>
  );
}
