import type { StorySeries } from '@storyloom/shared';
import { ChevronLeft, ChevronRight, Library } from 'lucide-react';
import { Link } from 'react-router';

const storyPath = (id: string) => `/stories/${encodeURIComponent(id)}`;

const neighbourClasses =
  'flex min-w-0 flex-1 items-center gap-2 rounded-xl border px-3 py-2.5 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * "Part 2 of The Saltmarsh Saga", linking to the series, with the previous and next parts the
 * reader may open (docs/decisions/029-series.md).
 */
export function SeriesNav({ series }: { series: StorySeries }) {
  const { previous, next } = series;
  return (
    <nav
      aria-label="Series"
      className="mt-8 rounded-2xl border bg-card p-4 sm:p-5"
      data-testid="series-nav"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <Library className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          Part {series.part} of{' '}
          <Link
            to={`/series/${encodeURIComponent(series.id)}`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
            data-testid="series-link"
          >
            {series.title}
          </Link>
        </span>
      </p>
      {previous || next ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          {previous ? (
            <Link
              to={storyPath(previous.id)}
              className={neighbourClasses}
              data-testid="series-previous"
            >
              <ChevronLeft className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block text-xs text-muted-foreground">
                  Previous · Part {previous.part}
                </span>
                <span className="block truncate font-medium">{previous.title}</span>
              </span>
            </Link>
          ) : (
            <span className="hidden flex-1 sm:block" />
          )}
          {next ? (
            <Link
              to={storyPath(next.id)}
              className={`${neighbourClasses} sm:justify-end sm:text-right`}
              data-testid="series-next"
            >
              <span className="min-w-0">
                <span className="block text-xs text-muted-foreground">Next · Part {next.part}</span>
                <span className="block truncate font-medium">{next.title}</span>
              </span>
              <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
