import { groupDigits, type StoryDetail } from '@storyloom/shared';
import { BookOpen, CalendarDays, Heart, type LucideIcon, MessageCircle } from 'lucide-react';
import { formatCount, formatDate, formatRelativeTime } from '../../../lib/format';
import { useDateTimeZone } from '../../../lib/use-hydrated';

interface Stat {
  label: string;
  value: string;
  icon: LucideIcon;
  /** The full value, for a tooltip when the shown one is shortened. */
  title?: string;
}

/** Reads, Likes, Comments and Published: counts with K/M, the date as relative time. */
export function StoryStats({ story }: { story: StoryDetail }) {
  const zone = useDateTimeZone();
  const published = story.published_at;
  const stats: Stat[] = [
    {
      label: 'Reads',
      value: formatCount(story.reads_count),
      title: groupDigits(story.reads_count),
      icon: BookOpen,
    },
    {
      label: 'Likes',
      value: formatCount(story.votes_count),
      title: groupDigits(story.votes_count),
      icon: Heart,
    },
    {
      label: 'Comments',
      value: formatCount(story.comments_count),
      title: groupDigits(story.comments_count),
      icon: MessageCircle,
    },
    {
      label: 'Published',
      value: published ? formatRelativeTime(published, new Date(), zone) : 'Not yet',
      ...(published ? { title: formatDate(published, zone) } : {}),
      icon: CalendarDays,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="story-stats">
      {stats.map(({ label, value, icon: Icon, title }) => (
        <div
          key={label}
          className="flex flex-col-reverse gap-0.5 rounded-xl border bg-card px-3 py-2.5"
          data-testid={`stat-${label.toLowerCase()}`}
        >
          <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
          </dt>
          {/* A relative time may tick over between the server's render and the browser's. */}
          <dd
            className="truncate text-lg font-semibold tabular-nums"
            title={title}
            suppressHydrationWarning
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
