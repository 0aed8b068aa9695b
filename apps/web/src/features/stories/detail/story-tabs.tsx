import {
  COMPLETION_STATUS_LABELS,
  type Profile,
  RATING_LABELS,
  type StoryDetail,
  WARNING_LABELS,
} from '@storyloom/shared';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { formatCount, formatDate, formatDuration, formatRelativeTime } from '../../../lib/format';
import { useDateTimeZone } from '../../../lib/use-hydrated';
import { profilePath } from './author-card';
import type { StoryLength } from './contents';
import { DETAIL_MESSAGES, plural } from './messages';
import { lengthValues } from './story-facts';

function AboutTab({ story, profile }: { story: StoryDetail; profile: Profile | undefined }) {
  const visible = profile && !profile.restricted ? profile : undefined;
  return (
    <div className="space-y-8">
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Summary
        </h2>
        <p className="mt-2 whitespace-pre-line break-words text-muted-foreground">
          {story.description || DETAIL_MESSAGES.noDescription}
        </p>
      </section>
      <section aria-labelledby="about-author-heading">
        <h2 id="about-author-heading" className="text-lg font-semibold">
          About the Author
        </h2>
        <div className="mt-3 flex items-start gap-4">
          <Avatar
            name={story.author.username}
            src={story.author.profile_pic}
            className="size-14 text-base"
          />
          <div className="min-w-0">
            <Link to={profilePath(story.author.username)} className="font-semibold hover:underline">
              {story.author.username}
            </Link>
            {visible && (
              <p className="text-sm text-muted-foreground">
                {formatCount(visible.stories_count ?? 0)}{' '}
                {visible.stories_count === 1 ? 'story' : 'stories'} ·{' '}
                {formatCount(visible.followers_count ?? 0)}{' '}
                {visible.followers_count === 1 ? 'follower' : 'followers'}
              </p>
            )}
            {visible && (
              <p className="mt-2 whitespace-pre-line break-words" data-testid="author-bio">
                {visible.bio || DETAIL_MESSAGES.noBio}
              </p>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}

function DetailsTab({ story, length }: { story: StoryDetail; length: StoryLength | undefined }) {
  const zone = useDateTimeZone();
  const { settings } = story;
  const measured: [string, string][] =
    length && length.chapters > 0
      ? [
          ['Chapters', plural(length.chapters, 'chapter', 'chapters')],
          ['Length', lengthValues(length).words],
          ['Reading Time', formatDuration(length.minutes)],
        ]
      : [];
  const rows: [string, string][] = [
    ['Genre', story.genre],
    ['Rating', RATING_LABELS[story.rating]],
    ...(story.warnings.length > 0
      ? [['Warnings', story.warnings.map((w) => WARNING_LABELS[w]).join(', ')] as [string, string]]
      : []),
    ['Status', COMPLETION_STATUS_LABELS[settings.completion_status]],
    ...measured,
    ...(settings.language ? [['Language', settings.language] as [string, string]] : []),
    ...(settings.copyright ? [['Copyright', settings.copyright] as [string, string]] : []),
    ['Published', story.published_at ? formatDate(story.published_at, zone) : 'Not published yet'],
    ['Last Updated', formatRelativeTime(story.updated_at, new Date(), zone)],
    ['Visibility', story.visibility === 'public' ? 'Public' : 'Private'],
    ['Total Reads', formatCount(story.reads_count)],
    ['Total Likes', formatCount(story.votes_count)],
  ];
  return (
    <dl className="divide-y rounded-xl border bg-card" data-testid="story-details">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
          <dt className="text-muted-foreground">{label}</dt>
          {/* A relative time may tick over between the server's render and the browser's. */}
          <dd className="text-right font-medium" suppressHydrationWarning>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** About (summary and the author) and Details. */
export function StoryTabs({
  story,
  profile,
  length,
}: {
  story: StoryDetail;
  profile: Profile | undefined;
  length: StoryLength | undefined;
}) {
  return (
    <Tabs defaultValue="about">
      <TabsList className="sm:max-w-xs">
        <TabsTrigger value="about">About</TabsTrigger>
        <TabsTrigger value="details">Details</TabsTrigger>
      </TabsList>
      <TabsContent value="about">
        <AboutTab story={story} profile={profile} />
      </TabsContent>
      <TabsContent value="details">
        <DetailsTab story={story} length={length} />
      </TabsContent>
    </Tabs>
  );
}
