import { BookOpenText, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import type { OfflineStory } from '../../../api/offline/use-offline-stories';
import { EmptyState } from '../../../components/empty-state';
import { formatBytes, formatCountOf, formatRelativeTime } from '../../../lib/format';

/** The library with no connection: the stories kept offline, each opening in the reader. */
export function OfflineShelf({ stories }: { stories: OfflineStory[] }) {
  if (stories.length === 0) {
    return (
      <EmptyState
        icon={WifiOff}
        title="Nothing to read offline"
        description="You are offline, and no story of your library is kept on this device. Switch on Keep offline on a saved story while you have a connection."
        data-testid="offline-shelf-empty"
      />
    );
  }
  return (
    <section aria-labelledby="offline-shelf-title" data-testid="offline-shelf">
      <h2 id="offline-shelf-title" className="flex items-center gap-2 text-lg font-semibold">
        <WifiOff className="size-5" aria-hidden="true" />
        Available offline
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        You are offline. These stories are kept on this device and open in the reader.
      </p>
      <ul className="mt-4 divide-y rounded-xl border">
        {stories.map((story) => (
          <li key={story.id} className="flex items-center gap-3 p-3 sm:p-4">
            <BookOpenText className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <Link
                to={`/stories/${encodeURIComponent(story.id)}/read`}
                className="font-medium hover:underline"
              >
                {story.title}
              </Link>
              <p className="text-sm text-muted-foreground">
                {story.author ? `by ${story.author} · ` : ''}
                {formatCountOf(story.chapters, 'chapter')} · {formatBytes(story.bytes)} · updated{' '}
                {formatRelativeTime(story.saved_at)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
