import type { Paged, Story } from '@storyloom/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  type OfflineStory,
  useKeepOffline,
  useOfflineStories,
} from '../../../api/offline/use-offline-stories';
import { PagedStoryGrid } from '../../../components/story/paged-story-grid';
import { formatBytes, formatCountOf } from '../../../lib/format';
import { offlineSupported } from '../../../lib/offline-copies';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast';
import { OfflineControl } from './offline-control';
import { OfflineShelf } from './offline-shelf';

type SavedStoriesProps = {
  query: UseInfiniteQueryResult<InfiniteData<Paged<Story>>>;
  empty: ReactNode;
};

/** What the reader is told about the copies on this device. */
function OfflineSummary({ copies }: { copies: OfflineStory[] }) {
  const bytes = copies.reduce((sum, copy) => sum + copy.bytes, 0);
  return (
    <p className="mb-4 text-sm text-muted-foreground" data-testid="offline-summary">
      {copies.length > 0
        ? `${formatCountOf(copies.length, 'story', 'stories')} kept offline on this device (${formatBytes(bytes)}). They refresh whenever you are online; signing out removes them.`
        : 'Switch on Keep offline to read a story here with no connection.'}
    </p>
  );
}

/**
 * The Saved tab: the saved stories, each with its Keep offline switch (decision 035: a reader
 * chooses which stories take space on the device). With no connection, the stories kept
 * offline instead, as the reader can open them.
 */
export function SavedStories({ query, empty }: SavedStoriesProps) {
  const online = useOnline();
  const supported = offlineSupported();
  const copies = useOfflineStories();
  const keep = useKeepOffline();
  const kept = new Map((copies.data ?? []).map((copy) => [copy.id, copy]));
  const pendingId = keep.isPending ? keep.variables?.storyId : undefined;

  if (supported && (!online || (query.isError && !query.data)) && copies.data) {
    if (!online || copies.data.length > 0) return <OfflineShelf stories={copies.data} />;
  }

  const change = (story: Story, next: boolean) =>
    keep.mutate(
      { storyId: story.id, keep: next },
      {
        onError: () =>
          toast.error(
            'Could not keep it offline',
            `"${story.title}" could not be saved to this device. Try again when you are online.`,
          ),
      },
    );

  return (
    <>
      {supported && copies.data && query.data ? <OfflineSummary copies={copies.data} /> : null}
      <PagedStoryGrid
        query={query}
        empty={empty}
        {...(supported && copies.data
          ? {
              footer: (story: Story) => (
                <OfflineControl
                  title={story.title}
                  copy={kept.get(story.id)}
                  pending={pendingId === story.id}
                  disabled={!online || (keep.isPending && pendingId !== story.id)}
                  onChange={(next) => change(story, next)}
                />
              ),
            }
          : {})}
      />
    </>
  );
}
