import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** /stories and /stories/search. Reads the URL's filters so links into it are visibly honoured. */
export function DiscoverPage() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim();
  const genre = params.get('genre')?.trim();
  const sort = params.get('sort')?.trim();
  const filters = [
    query ? { label: 'Search', value: query } : null,
    genre ? { label: 'Genre', value: genre } : null,
    sort ? { label: 'Sort', value: sort } : null,
  ].filter((filter) => filter !== null);

  return (
    <PlaceholderPage
      title="Discover Stories"
      description="Stories will be listed here with search, genre and sort filters, grid or list view, and pages. The list is not built yet."
    >
      {filters.length > 0 ? (
        <dl className="mt-6 flex flex-wrap gap-2" data-testid="discover-filters">
          {filters.map(({ label, value }) => (
            <div
              key={label}
              className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-sm text-accent-foreground"
            >
              <dt className="font-medium">{label}:</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </PlaceholderPage>
  );
}
