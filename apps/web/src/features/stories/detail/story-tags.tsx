import { Hash } from 'lucide-react';
import { Link } from 'react-router';

/** The story's tags; each one searches for itself. */
export function StoryTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tags" data-testid="story-tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={`/stories?q=${encodeURIComponent(tag)}`}
            className="inline-flex items-center gap-0.5 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground transition-colors hover:border-primary/50 hover:text-foreground"
          >
            <Hash className="size-3.5" aria-hidden="true" />
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
