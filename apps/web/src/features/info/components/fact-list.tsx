import type { ReactNode } from 'react';

export interface Fact {
  term: ReactNode;
  detail: ReactNode;
}

/**
 * Pairs such as "what we keep → for how long": a two-column table on a wide screen, stacked on
 * a phone, so nothing scrolls sideways.
 */
export function FactList({ facts, label }: { facts: Fact[]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="mt-4 divide-y overflow-hidden rounded-xl border bg-card text-sm leading-6"
    >
      {facts.map((fact, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list written in the page
          key={index}
          className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-6"
        >
          <dt className="font-medium text-foreground">{fact.term}</dt>
          <dd className="text-muted-foreground">{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
