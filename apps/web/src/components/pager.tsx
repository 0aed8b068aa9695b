import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '../lib/paging';
import { Button } from './ui/button';

/**
 * Numbered pages (at most 5 buttons) with Previous and Next, on one line on a phone: there the
 * two are arrows, their words for screen readers only.
 */
export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label="Pages"
      className="mt-10 flex flex-wrap items-center justify-center gap-1.5"
      data-testid="pager"
    >
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className="h-9"
      >
        <ChevronLeft aria-hidden="true" />
        <span className="max-sm:sr-only">Previous</span>
      </Button>
      {pageWindow(page, totalPages).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'primary' : 'outline'}
          size="sm"
          className="h-9 min-w-9"
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPage(number)}
        >
          {number}
        </Button>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        className="h-9"
      >
        <span className="max-sm:sr-only">Next</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
