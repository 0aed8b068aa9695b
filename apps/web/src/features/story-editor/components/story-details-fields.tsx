import { GENRES, LIMITS, STORY_MESSAGES } from '@storyloom/shared';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import type { StoryDetails } from '../model/story-form';
import { Field } from './field';
import { LengthCounter, LengthError, lengthLimit } from './length-limit';
import { TagsField } from './tags-field';

/** Ids the pages focus when validation sends the author back to a field. */
export const FIELD_IDS = { title: 'story-title', genre: 'story-genre' } as const;

type Props = {
  details: StoryDetails;
  onChange: (patch: Partial<StoryDetails>) => void;
  disabled?: boolean;
};

/** Title, description with its n/2000 counter, genre and tags. */
export function StoryDetailsFields({ details, onChange, disabled = false }: Props) {
  const title = lengthLimit(details.title, LIMITS.titleMax);
  const description = lengthLimit(details.description, LIMITS.descriptionMax);
  return (
    <div className="space-y-6">
      <Field
        id={FIELD_IDS.title}
        label="Title"
        required
        aside={<LengthCounter limit={title} testId="title-counter" />}
      >
        {/* No maxLength: a pasted title is never cut without a word; over the limit says so. */}
        <Input
          id={FIELD_IDS.title}
          value={details.title}
          onChange={(event) => onChange({ title: event.target.value })}
          placeholder="Give your story a title"
          disabled={disabled}
          autoComplete="off"
          required
          aria-invalid={title.over || undefined}
          aria-describedby={title.over ? 'story-title-error' : undefined}
          className="aria-invalid:border-destructive"
        />
        {title.over ? (
          <LengthError id="story-title-error" message={STORY_MESSAGES.titleMax} />
        ) : null}
      </Field>

      <Field
        id="story-description"
        label="Description"
        aside={<LengthCounter limit={description} always testId="description-counter" />}
        hint={
          description.over
            ? `Descriptions are limited to ${LIMITS.descriptionMax} characters.`
            : null
        }
        hintId="story-description-hint"
      >
        <Textarea
          id="story-description"
          value={details.description}
          onChange={(event) => onChange({ description: event.target.value })}
          placeholder="What is your story about? Hook your readers."
          rows={5}
          disabled={disabled}
          aria-invalid={description.over || undefined}
          aria-describedby={description.over ? 'story-description-hint' : undefined}
          className="aria-invalid:border-destructive"
        />
      </Field>

      <Field id={FIELD_IDS.genre} label="Genre" required>
        <Select
          id={FIELD_IDS.genre}
          value={details.genre}
          onChange={(event) => onChange({ genre: event.target.value as StoryDetails['genre'] })}
          disabled={disabled}
          required
          className="sm:max-w-xs"
        >
          <option value="" disabled>
            Select a genre
          </option>
          {GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </Select>
      </Field>

      <TagsField tags={details.tags} onChange={(tags) => onChange({ tags })} disabled={disabled} />
    </div>
  );
}
