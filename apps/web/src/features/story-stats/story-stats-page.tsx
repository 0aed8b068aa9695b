import { MESSAGES, STATS, type StatsWindow, type StoryStats } from '@storyloom/shared';
import { ArrowLeft, BookOpen, Eye, Heart, MessageCircle, Pencil, SearchX } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useStoryStats } from '../../api/stories/get-story-stats';
import { ListError } from '../../components/list-error';
import { PageTitle } from '../../components/page-title';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { formatCountOf } from '../../lib/format';
import { steepestDrop } from './chart-scale';
import { ColumnChart } from './components/column-chart';
import { PeriodSwitch } from './components/period-switch';
import { Legend, StatsFigure } from './components/stats-figure';
import { TimeChart } from './components/time-chart';

const number = new Intl.NumberFormat('en');
const longDay = new Intl.DateTimeFormat('en', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayName = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

const windowOf = (raw: string | null): StatsWindow =>
  STATS.windows.find((days) => String(days) === raw) ?? STATS.defaultWindow;

/** /stories/{id}/stats: the author's numbers of one story, drawn as charts. */
export function StoryStatsPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const days = windowOf(params.get('days'));
  const stats = useStoryStats(id, days);
  const setDays = (next: StatsWindow) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === STATS.defaultWindow) updated.delete('days');
        else updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );

  if (stats.error instanceof ApiError && stats.error.status === 404) {
    return (
      <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center">
        <PageTitle title={MESSAGES.storyNotFound} />
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{MESSAGES.storyNotFound}</h1>
        <Link to="/my-stories" className={buttonClasses({ className: 'mt-6' })}>
          My Stories
        </Link>
      </section>
    );
  }

  const data = stats.data;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10" data-testid="story-stats-page">
      <PageTitle title={data ? `Stats: ${data.story.title}` : 'Stats'} />
      <Link
        to="/my-stories"
        className={buttonClasses({ variant: 'link', size: 'sm', className: '-ml-3' })}
      >
        <ArrowLeft aria-hidden="true" />
        My Stories
      </Link>
      <div className="mt-1 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-bold tracking-tight">Stats</h1>
          <p className="mt-1 truncate text-muted-foreground">
            {data ? data.story.title : <Skeleton className="h-5 w-48" />}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/stories/${id}/edit`}
            className={buttonClasses({ size: 'sm', variant: 'outline' })}
          >
            <Pencil aria-hidden="true" />
            Edit Story
          </Link>
          <Link to={`/stories/${id}`} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
            <Eye aria-hidden="true" />
            View Story
          </Link>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch value={days} onChange={setDays} />
        <p className="text-xs text-muted-foreground">Days are UTC days; today is included.</p>
      </div>
      <div className="mt-6" aria-busy={stats.isFetching}>
        {data ? (
          <StatsBody stats={data} />
        ) : stats.isError ? (
          <ListError
            title="Could not load the stats"
            error={stats.error}
            onRetry={() => void stats.refetch()}
          />
        ) : (
          <div className="grid gap-6" data-testid="stats-loading">
            <Skeleton className="h-24 w-full rounded-2xl" />
            <Skeleton className="h-72 w-full rounded-2xl" />
            <Skeleton className="h-72 w-full rounded-2xl" />
          </div>
        )}
      </div>
    </div>
  );
}

function Total({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof BookOpen;
  label: string;
  value: number;
}) {
  return (
    <div className="rounded-2xl border bg-card p-4 text-card-foreground">
      <dt className="flex flex-col items-start gap-1 text-sm text-muted-foreground sm:flex-row sm:items-center sm:gap-1.5">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{number.format(value)}</dd>
    </div>
  );
}

function StatsBody({ stats }: { stats: StoryStats }) {
  const { series, chapters, totals } = stats;
  const dayList = series.map((d) => d.day);
  const period = `the last ${stats.days} days`;
  const busiest = series.reduce((best, d) => (d.reads > best.reads ? d : best), series[0]!);
  const chapterLabels = chapters.map((c) => String(c.order));
  const readers = chapters.map((c) => c.readers);
  const drop = steepestDrop(readers);
  const first = readers[0] ?? 0;
  const last = readers[readers.length - 1] ?? 0;

  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-3 gap-3 sm:gap-4" aria-label={`Totals of ${period}`}>
        <Total icon={BookOpen} label="Reads" value={totals.reads} />
        <Total icon={Heart} label="Likes" value={totals.likes} />
        <Total icon={MessageCircle} label="Comments" value={totals.comments} />
      </dl>

      <StatsFigure
        id="reads"
        title="Reads over time"
        summary={
          totals.reads === 0
            ? `No reads in ${period} yet.`
            : `${formatCountOf(totals.reads, 'read')} in ${period}; the busiest day was ${dayName(busiest.day)} with ${formatCountOf(busiest.reads, 'read')}.`
        }
        columns={['Day', 'Reads']}
        rows={series.map((d) => [d.day, d.reads])}
      >
        <TimeChart
          days={dayList}
          series={[
            {
              label: 'Reads',
              values: series.map((d) => d.reads),
              stroke: 'stroke-primary',
              fill: 'fill-primary/15',
            },
          ]}
        />
      </StatsFigure>

      <StatsFigure
        id="engagement"
        title="Likes and comments over time"
        summary={`${formatCountOf(totals.likes, 'like')} and ${formatCountOf(totals.comments, 'comment')} in ${period}. Likes later taken back are not shown.`}
        legend={
          <Legend
            items={[
              { label: 'Likes', swatch: 'bg-destructive' },
              { label: 'Comments', swatch: 'bg-info' },
            ]}
          />
        }
        columns={['Day', 'Likes', 'Comments']}
        rows={series.map((d) => [d.day, d.likes, d.comments])}
      >
        <TimeChart
          days={dayList}
          height={150}
          series={[
            { label: 'Likes', values: series.map((d) => d.likes), stroke: 'stroke-destructive' },
            { label: 'Comments', values: series.map((d) => d.comments), stroke: 'stroke-info' },
          ]}
        />
      </StatsFigure>

      {chapters.length === 0 ? (
        <p className="rounded-2xl border bg-card p-6 text-center text-muted-foreground">
          This story has no chapters yet.
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <StatsFigure
            id="chapters"
            title="Reads per chapter"
            summary={`Reads of each chapter in ${period}.`}
            columns={['Chapter', 'Title', 'Reads']}
            rows={chapters.map((c) => [`Chapter ${c.order}`, c.title, c.reads])}
          >
            <ColumnChart
              values={chapters.map((c) => c.reads)}
              labels={chapterLabels}
              titles={chapters.map(
                (c) => `Chapter ${c.order}: ${c.title} — ${formatCountOf(c.reads, 'read')}`,
              )}
              fill="fill-primary"
              axisLabel="Chapter"
            />
          </StatsFigure>
          <StatsFigure
            id="dropoff"
            title="Where readers stop"
            summary={
              first === 0
                ? `No signed-in reader started the story in ${period}.`
                : `Of ${formatCountOf(first, 'signed-in reader')} who reached chapter 1 in ${period}, ${number.format(last)} (${Math.round((last / first) * 100)}%) reached chapter ${chapters.length}.${drop ? ` Most stop before chapter ${drop.index + 1}: ${formatCountOf(drop.lost, 'reader')} fewer than chapter ${drop.index}.` : ''}`
            }
            columns={['Chapter', 'Readers in the period', 'Readers ever']}
            rows={chapters.map((c) => [`Chapter ${c.order}`, c.readers, c.readers_all_time])}
          >
            <ColumnChart
              values={readers}
              labels={chapterLabels}
              titles={chapters.map(
                (c) =>
                  `Chapter ${c.order}: ${formatCountOf(c.readers, 'reader')}${first > 0 ? ` (${Math.round((c.readers / first) * 100)}% of chapter 1)` : ''}`,
              )}
              fill="fill-info"
              axisLabel="Chapter"
            />
          </StatsFigure>
        </div>
      )}
    </div>
  );
}
