import { SERIES_MESSAGES, type Series, type Story } from '@storyloom/shared';
import { ArrowDown, ArrowUp, Library, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  useCreateSeries,
  useDeleteSeries,
  useSetSeriesStories,
} from '../../../api/series/change-series';
import { useMySeries } from '../../../api/series/get-series';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast';

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4';

const failed = (error: unknown) =>
  toast.error('Could not save the series', errorMessage(error, ''));

/** One series: its parts in order, to reorder, take out, add to, or delete it. */
type Tagged = Story & { series_id: string | undefined };

function SeriesCard({ series, stories }: { series: Series; stories: Tagged[] }) {
  const id = useId();
  const setStories = useSetSeriesStories();
  const remove = useDeleteSeries();
  const [adding, setAdding] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ids = series.parts.map((p) => p.story.id);
  const busy = setStories.isPending || remove.isPending;
  // Stories in no series yet (a story is in at most one).
  const free = stories.filter((story) => !story.series_id);

  const save = (storyIds: string[]) =>
    setStories.mutate({ id: series.id, storyIds }, { onError: failed });
  const move = (index: number, delta: -1 | 1) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(index + delta, 0, moved!);
    save(next);
  };

  return (
    <li className="rounded-2xl border bg-card p-4" data-testid="my-series">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-serif text-lg font-semibold">
          <Link to={`/series/${series.id}`} className="break-words hover:underline">
            {series.title}
          </Link>
        </h3>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirming(true)}
          disabled={busy}
        >
          <Trash2 aria-hidden="true" />
          Delete series
        </Button>
      </div>
      {series.parts.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No stories in this series yet.</p>
      ) : (
        <ol className="mt-3 space-y-1" data-testid="my-series-parts">
          {series.parts.map(({ part, story }, index) => (
            <li
              key={story.id}
              className="flex items-center gap-2 rounded-xl px-2 py-1.5 hover:bg-accent/60"
            >
              <span className="w-14 shrink-0 text-xs font-semibold text-primary">Part {part}</span>
              <span
                className="min-w-0 flex-1 truncate text-sm font-medium"
                data-testid="my-series-part"
              >
                {story.title}
              </span>
              <button
                type="button"
                className={iconButton}
                onClick={() => move(index, -1)}
                disabled={busy || index === 0}
                aria-label={`Move ${story.title} up`}
              >
                <ArrowUp aria-hidden="true" />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => move(index, 1)}
                disabled={busy || index === ids.length - 1}
                aria-label={`Move ${story.title} down`}
              >
                <ArrowDown aria-hidden="true" />
              </button>
              <button
                type="button"
                className={`${iconButton} hover:text-destructive`}
                onClick={() => save(ids.filter((other) => other !== story.id))}
                disabled={busy}
                aria-label={`Take ${story.title} out of the series`}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
      )}
      {free.length > 0 ? (
        <form
          className="mt-3 flex flex-wrap items-center gap-2"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (adding) save([...ids, adding]);
            setAdding('');
          }}
        >
          <label htmlFor={`${id}add`} className="sr-only">
            Add a story to {series.title}
          </label>
          <Select
            id={`${id}add`}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            className="min-w-0 flex-1 sm:max-w-xs"
            data-testid="my-series-add-select"
          >
            <option value="">Add a story…</option>
            {free.map((story) => (
              <option key={story.id} value={story.id}>
                {story.title}
              </option>
            ))}
          </Select>
          <Button type="submit" size="sm" variant="outline" disabled={busy || !adding}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${series.title}”?`}
        description="The series goes; its stories stay, as they are."
        confirmLabel="Delete series"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(series.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(SERIES_MESSAGES.deleted);
            },
            onError: failed,
          })
        }
      />
    </li>
  );
}

/** My Stories' Series section: make a series and put the author's stories in it, in order. */
export function MySeries({ stories }: { stories: Story[] }) {
  const id = useId();
  const query = useMySeries();
  const create = useCreateSeries();
  const [title, setTitle] = useState('');
  const inSeries = new Map(
    (query.data ?? []).flatMap((s) => s.parts.map((p) => [p.story.id, s.id] as const)),
  );
  const tagged = stories.map((story) => ({ ...story, series_id: inSeries.get(story.id) }));

  return (
    <section aria-labelledby={`${id}heading`} className="mt-12" data-testid="my-series-section">
      <h2 id={`${id}heading`} className="flex items-center gap-2 font-serif text-2xl font-bold">
        <Library className="size-5 text-primary" aria-hidden="true" />
        Series
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Group your stories into parts, in reading order. Each story can be in one series.
      </p>
      <form
        className="mt-4 flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { title },
            {
              onSuccess: () => {
                setTitle('');
                toast.success(SERIES_MESSAGES.created);
              },
              onError: failed,
            },
          );
        }}
      >
        <label htmlFor={`${id}title`} className="sr-only">
          Series title
        </label>
        <Input
          id={`${id}title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="New series title"
          className="min-w-0 flex-1 sm:max-w-sm"
          data-testid="new-series-title"
          autoComplete="off"
        />
        <Button type="submit" disabled={create.isPending || !title.trim()} data-testid="new-series">
          <Plus aria-hidden="true" />
          New Series
        </Button>
      </form>
      {query.data && query.data.length > 0 ? (
        <ul className="mt-6 space-y-4">
          {query.data.map((series) => (
            <SeriesCard key={series.id} series={series} stories={tagged} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
