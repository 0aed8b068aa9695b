import { FILTER_MESSAGES } from '@storyloom/shared';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import type { FilterPanelProps } from './filter-dialog';
import type { DiscoverFilters } from './url-state';

const FilterDialog = lazyDialog(() => import('./filter-dialog').then((m) => m.FilterDialog));

/** How many filters are set, for the button's badge. */
const countOf = (filters: DiscoverFilters) =>
  filters.tags.length +
  filters.exclude.length +
  (filters.ratings.length > 0 ? 1 : 0) +
  (filters.status ? 1 : 0) +
  (filters.language ? 1 : 0) +
  (filters.wordsMin !== undefined || filters.wordsMax !== undefined ? 1 : 0);

/** The Filters button, with how many are set; its panel (filter-dialog.tsx) loads on the first press. */
export function FilterPanel(props: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const count = countOf(props.filters);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="filters-open"
        aria-label={count > 0 ? `${FILTER_MESSAGES.open} (${count} set)` : FILTER_MESSAGES.open}
      >
        <SlidersHorizontal aria-hidden="true" />
        {FILTER_MESSAGES.open}
        {count > 0 ? (
          <span
            className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
            aria-hidden="true"
          >
            {count}
          </span>
        ) : null}
      </Button>
      <FilterDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
