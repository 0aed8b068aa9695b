import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

type PlaceholderPageProps = {
  title: string;
  /** What this page will hold once it is built; says plainly that it does not work yet. */
  description: string;
  children?: ReactNode;
};

/** An honest stand-in for a screen that a later change builds. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <section
      className="mx-auto w-full max-w-3xl px-4 py-16 sm:py-24"
      data-testid="placeholder-page"
    >
      <PageTitle title={title} />
      <p className="inline-flex items-center gap-1.5 rounded-full border bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
        <Construction className="size-3.5" aria-hidden="true" />
        Not built yet
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-base text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}
