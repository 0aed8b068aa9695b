import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/format';

export interface DocumentSection {
  /** The anchor (`/privacy#cookies`); also names the heading. */
  id: string;
  title: string;
  content: ReactNode;
}

type DocumentPageProps = {
  title: string;
  /** Above the title: which group of pages this belongs to ("Legal", "Company"). */
  kicker?: string;
  /** ISO date the text last changed; shown as "Last updated …". */
  updated?: string;
  /** The page in a sentence or two, under the title. */
  summary?: ReactNode;
  sections: DocumentSection[];
  /** A table of contents: on by default for long texts (five sections or more). */
  contents?: boolean;
  /** After the sections, e.g. a call to action. */
  children?: ReactNode;
  testId?: string;
};

/**
 * Paragraphs, lists, links and small tables inside a section, styled once for every text page
 * (there is no typography plugin: the rules live here).
 */
const PROSE = clsx(
  'text-[0.975rem] leading-7 text-foreground/90',
  '[&_p]:mt-4 [&_p:first-child]:mt-0',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5',
  '[&_li]:pl-1 [&_li::marker]:text-muted-foreground',
  '[&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:no-underline',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]',
);

/**
 * The layout of the site's text pages (policies, terms, guidelines, about): a title, when it
 * last changed, an optional summary and table of contents, then numbered sections with
 * anchors. One readable column on a phone; the contents sit beside the text on a wide screen.
 */
export function DocumentPage({
  title,
  kicker,
  updated,
  summary,
  sections,
  contents = sections.length >= 5,
  children,
  testId = 'document-page',
}: DocumentPageProps) {
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14" data-testid={testId}>
      <PageTitle title={title} />
      <header className="max-w-3xl">
        {kicker ? <p className="text-sm font-semibold text-primary">{kicker}</p> : null}
        <h1 className="mt-1 font-serif text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h1>
        {updated ? (
          <p className="mt-3 text-sm text-muted-foreground" data-testid="last-updated">
            Last updated <time dateTime={updated}>{formatDate(updated, 'UTC')}</time>
          </p>
        ) : null}
        {summary ? (
          <div className="mt-5 text-base leading-7 text-muted-foreground sm:text-lg sm:leading-8">
            {summary}
          </div>
        ) : null}
      </header>

      <div
        className={clsx(
          'mt-10',
          contents && 'lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:items-start lg:gap-14',
        )}
      >
        {contents ? <Contents sections={sections} /> : null}
        <div className="max-w-3xl space-y-12 lg:col-start-1 lg:row-start-1">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              // Clear of the sticky top bar (taller on a phone) when jumped to.
              className="scroll-mt-32 md:scroll-mt-24"
            >
              <h2
                id={`${section.id}-title`}
                className="font-serif text-xl font-bold tracking-tight text-foreground sm:text-2xl"
              >
                {section.title}
              </h2>
              <div className={clsx('mt-4', PROSE)}>{section.content}</div>
            </section>
          ))}
          {children}
        </div>
      </div>
    </article>
  );
}

/** "On this page": before the text on a phone, beside it (and staying in view) on a wide screen. */
function Contents({ sections }: { sections: DocumentSection[] }) {
  return (
    <nav
      aria-labelledby="contents-title"
      className="mb-10 rounded-2xl border bg-muted/40 p-5 lg:sticky lg:top-24 lg:col-start-2 lg:mb-0 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto"
      data-testid="contents"
    >
      <h2 id="contents-title" className="text-sm font-semibold">
        On this page
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="block rounded-md py-1 text-muted-foreground transition-colors hover:text-foreground"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
