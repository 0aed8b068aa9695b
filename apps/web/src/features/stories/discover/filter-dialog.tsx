import {
  COMPLETION_STATUS_LABELS,
  COMPLETION_STATUSES,
  FILTER_LIMITS,
  FILTER_MESSAGES,
  LIMITS,
  RATING_LABELS,
  RATINGS,
  type Rating,
  STORY_LANGUAGES,
  type StoryLanguage,
  tagKeys,
} from '@storyloom/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField, INVALID_CONTROL } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { type DiscoverFilters, NO_FILTERS } from './url-state';

export type FilterPanelProps = {
  filters: DiscoverFilters;
  /** A search is on: applying filters ends it (filters narrow the lists, not search). */
  searching: boolean;
  onApply: (filters: DiscoverFilters) => void;
};

type Draft = {
  tags: string;
  exclude: string;
  ratings: Rating[];
  status: string;
  language: string;
  wordsMin: string;
  wordsMax: string;
};

const draftOf = (filters: DiscoverFilters): Draft => ({
  tags: filters.tags.join(', '),
  exclude: filters.exclude.join(', '),
  ratings: filters.ratings,
  status: filters.status ?? '',
  language: filters.language ?? '',
  wordsMin: filters.wordsMin === undefined ? '' : String(filters.wordsMin),
  wordsMax: filters.wordsMax === undefined ? '' : String(filters.wordsMax),
});

type Errors = Partial<Record<'tags' | 'exclude' | 'wordsMin' | 'wordsMax', string>>;

/** The draft as filters, or the errors the API would answer (the same messages). */
function parse(draft: Draft): { filters: DiscoverFilters } | { errors: Errors } {
  const errors: Errors = {};
  const tags = tagKeys(draft.tags);
  const exclude = tagKeys(draft.exclude);
  if (tags.length > FILTER_LIMITS.tagsMax) errors.tags = FILTER_MESSAGES.tagsMax;
  else if (tags.some((tag) => tag.length > LIMITS.tagMax)) errors.tags = FILTER_MESSAGES.tagTooLong;
  if (exclude.length > FILTER_LIMITS.tagsMax) errors.exclude = FILTER_MESSAGES.excludeTagsMax;
  else if (exclude.some((tag) => tag.length > LIMITS.tagMax))
    errors.exclude = FILTER_MESSAGES.tagTooLong;
  else if (exclude.some((tag) => tags.includes(tag))) errors.exclude = FILTER_MESSAGES.tagBoth;
  const number = (text: string, field: 'wordsMin' | 'wordsMax') => {
    const value = text.trim().replaceAll(',', '');
    if (value === '') return undefined;
    if (!/^\d+$/.test(value) || Number(value) > FILTER_LIMITS.wordsMax) {
      errors[field] = FILTER_MESSAGES.wordsInvalid;
      return undefined;
    }
    return Number(value);
  };
  const wordsMin = number(draft.wordsMin, 'wordsMin');
  const wordsMax = number(draft.wordsMax, 'wordsMax');
  if (wordsMin !== undefined && wordsMax !== undefined && wordsMin > wordsMax)
    errors.wordsMax = FILTER_MESSAGES.wordsInverted;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    filters: {
      tags,
      exclude,
      ratings: draft.ratings,
      status: COMPLETION_STATUSES.find((s) => s === draft.status),
      language: STORY_LANGUAGES.find((l) => l === draft.language) as StoryLanguage | undefined,
      wordsMin,
      wordsMax,
    },
  };
}

/**
 * The Filters panel (a panel at the right edge on wide screens, a sheet from the bottom on
 * phones): tags to include and exclude, ratings, status, language and a word count range.
 * Applied together; the state lives in the URL (url-state.ts). Each opening starts from the
 * filters in force. Loaded the first time its button (filter-panel.tsx) is pressed.
 */
export function FilterDialog({
  open,
  onOpenChange,
  filters,
  searching,
  onApply,
}: FilterPanelProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(open);
  if (open !== shown) {
    setShown(open);
    if (open) {
      setDraft(draftOf(filters));
      setErrors({});
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(draft);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    onApply(parsed.filters);
    onOpenChange(false);
  };

  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="sheet" closeLabel="Close filters" data-testid="filters-panel">
        <div
          className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-border md:hidden"
          aria-hidden="true"
        />
        <div className="shrink-0 border-b px-5 pb-4 pt-3 pr-14 md:pt-5">
          <DialogTitle>{FILTER_MESSAGES.panelTitle}</DialogTitle>
          <DialogDescription>
            {searching
              ? 'Filters narrow the story lists: applying them ends the search.'
              : 'Narrow the list; every filter you set must match.'}
          </DialogDescription>
        </div>
        <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
          <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4">
            <FormField
              label={FILTER_MESSAGES.includeTags}
              hint={FILTER_MESSAGES.tagsHint}
              error={errors.tags}
            >
              {(control) => (
                <Input
                  {...control}
                  className={INVALID_CONTROL}
                  value={draft.tags}
                  onChange={(event) => set({ tags: event.target.value })}
                  placeholder="e.g. dragons, found family"
                  autoComplete="off"
                  data-testid="filter-tags"
                />
              )}
            </FormField>
            <FormField
              label={FILTER_MESSAGES.excludeTags}
              hint={FILTER_MESSAGES.tagsHint}
              error={errors.exclude}
            >
              {(control) => (
                <Input
                  {...control}
                  className={INVALID_CONTROL}
                  value={draft.exclude}
                  onChange={(event) => set({ exclude: event.target.value })}
                  autoComplete="off"
                  data-testid="filter-exclude"
                />
              )}
            </FormField>
            <fieldset>
              <legend className="text-sm font-medium text-foreground">
                {FILTER_MESSAGES.rating}
              </legend>
              <p className="mt-0.5 text-sm text-muted-foreground">
                None ticked lists every rating you see. Mature and Explicit stories show only with
                Show mature content on.
              </p>
              <div className="mt-2 grid grid-cols-2 gap-2">
                {RATINGS.map((rating) => (
                  <label key={rating} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-input accent-primary"
                      checked={draft.ratings.includes(rating)}
                      onChange={(event) =>
                        set({
                          ratings: RATINGS.filter((r) =>
                            r === rating ? event.target.checked : draft.ratings.includes(r),
                          ),
                        })
                      }
                      data-testid={`filter-rating-${rating}`}
                    />
                    {RATING_LABELS[rating]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={FILTER_MESSAGES.status}>
                {(control) => (
                  <Select
                    {...control}
                    value={draft.status}
                    onChange={(event) => set({ status: event.target.value })}
                    data-testid="filter-status"
                  >
                    <option value="">{FILTER_MESSAGES.anyStatus}</option>
                    {COMPLETION_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {COMPLETION_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField label={FILTER_MESSAGES.language}>
                {(control) => (
                  <Select
                    {...control}
                    value={draft.language}
                    onChange={(event) => set({ language: event.target.value })}
                    data-testid="filter-language"
                  >
                    <option value="">{FILTER_MESSAGES.anyLanguage}</option>
                    {STORY_LANGUAGES.map((language) => (
                      <option key={language} value={language}>
                        {language}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-foreground">
                {FILTER_MESSAGES.words}
              </legend>
              <div className="mt-2 grid grid-cols-2 gap-4">
                <FormField label={FILTER_MESSAGES.wordsFrom} error={errors.wordsMin}>
                  {(control) => (
                    <Input
                      {...control}
                      className={INVALID_CONTROL}
                      inputMode="numeric"
                      value={draft.wordsMin}
                      onChange={(event) => set({ wordsMin: event.target.value })}
                      placeholder="0"
                      data-testid="filter-words-min"
                    />
                  )}
                </FormField>
                <FormField label={FILTER_MESSAGES.wordsTo} error={errors.wordsMax}>
                  {(control) => (
                    <Input
                      {...control}
                      className={INVALID_CONTROL}
                      inputMode="numeric"
                      value={draft.wordsMax}
                      onChange={(event) => set({ wordsMax: event.target.value })}
                      placeholder="Any"
                      data-testid="filter-words-max"
                    />
                  )}
                </FormField>
              </div>
            </fieldset>
          </div>
          <div className="flex shrink-0 justify-end gap-2 border-t px-5 py-4">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setDraft(draftOf(NO_FILTERS));
                setErrors({});
              }}
              data-testid="filters-reset"
            >
              {FILTER_MESSAGES.clearAll}
            </Button>
            <Button type="submit" data-testid="filters-apply">
              {FILTER_MESSAGES.apply}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
