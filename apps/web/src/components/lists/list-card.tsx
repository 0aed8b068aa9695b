import type { ReadingList } from '@storyloom/shared';
import { clsx } from 'clsx';
import { ListOrdered, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';
import { StoryCover } from '../story/story-cover';
import { AppLink } from '../ui/app-link';

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "12 stories · 3 followers" */
export const listCounts = (list: Pick<ReadingList, 'stories_count' | 'followers_count'>) =>
  `${plural(list.stories_count, 'story', 'stories')} · ${plural(list.followers_count, 'follower', 'followers')}`;

/**
 * One reading list as a card: the covers of its first stories fanned out, its name (a link to
 * its page), whose it is, how many stories and followers, and a Private badge for the owner.
 */
export function ListCard({
  list,
  showOwner = true,
  actions,
  className,
}: {
  list: ReadingList;
  showOwner?: boolean;
  /** The owner's controls (move up/down), outside the card's link. */
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <article
      className={clsx('relative flex gap-4 rounded-xl border bg-card p-3', className)}
      data-testid="list-card"
    >
      <div className="relative h-24 w-24 shrink-0" aria-hidden="true">
        {list.preview.length === 0 ? (
          <div className="flex size-full items-center justify-center rounded-lg bg-muted text-muted-foreground">
            <ListOrdered className="size-8" />
          </div>
        ) : (
          list.preview.slice(0, 3).map((story, index) => (
            <div
              key={story.id}
              className="absolute top-0 h-24 w-16 overflow-hidden rounded-md shadow-md ring-1 ring-background"
              style={{ left: `${index * 14}px`, zIndex: 3 - index }}
            >
              {/* The covers behind show a strip of 14 px: their titles would be stray letters. */}
              <StoryCover
                story={story}
                className={clsx(
                  'p-1.5 [&_small]:hidden [&_b]:text-[0.6rem]',
                  index > 0 && '[&_b]:invisible',
                )}
              />
            </div>
          ))
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 font-serif text-base font-semibold leading-snug">
          <AppLink
            to={`/lists/${list.id}`}
            className="after:absolute after:inset-0 hover:underline"
          >
            {list.name}
          </AppLink>
        </h3>
        {showOwner ? (
          <p className="truncate text-sm text-muted-foreground">by {list.owner.username}</p>
        ) : null}
        <p className="mt-1 text-xs text-muted-foreground">{listCounts(list)}</p>
        {list.visibility === 'private' ? (
          <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium">
            <Lock className="size-3" aria-hidden="true" />
            Private
          </span>
        ) : null}
      </div>
      {actions ? <div className="relative z-10 flex flex-col gap-1">{actions}</div> : null}
    </article>
  );
}
