import type { UserSummary } from '@storyloom/shared';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatCountOf } from '../../../lib/format';

/** Authors whose username matches the search: the search box's 'authors' promise. */
export function AuthorMatches({ authors }: { authors: UserSummary[] }) {
  if (authors.length === 0) return null;
  return (
    <section aria-labelledby="author-matches-title" data-testid="author-matches">
      <h2
        id="author-matches-title"
        className="mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
      >
        <Users className="size-4" aria-hidden="true" />
        Authors
      </h2>
      <ul className="flex gap-3 overflow-x-auto pb-2">
        {authors.map((author) => (
          <li key={author.id} className="shrink-0">
            <Link
              to={`/profile/${encodeURIComponent(author.username)}`}
              className="flex w-60 items-center gap-3 rounded-xl border bg-card p-3 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Avatar name={author.username} src={author.profile_pic} className="size-10" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{author.username}</span>
                {author.restricted ? null : (
                  <span className="block truncate text-xs text-muted-foreground">
                    {formatCountOf(author.stories_count ?? 0, 'story', 'stories')} ·{' '}
                    {formatCountOf(author.followers_count ?? 0, 'follower')}
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
