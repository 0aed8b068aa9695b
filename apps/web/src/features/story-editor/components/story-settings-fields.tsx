import {
  COPYRIGHTS,
  isMatureRating,
  RATING_DESCRIPTIONS,
  RATING_LABELS,
  RATINGS,
  type Rating,
  STORY_LANGUAGES,
  STORY_WARNINGS,
  WARNING_LABELS,
} from '@storyloom/shared';
import type { ReactNode } from 'react';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import type { StorySettingsForm } from '../model/story-form';
import { Field } from './field';

function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/** The Mature Content switch over the rating: on lifts General/Teen to Mature, off lowers to Teen. */
const ratingWithFlag = (rating: Rating, mature: boolean): Rating =>
  mature === isMatureRating(rating) ? rating : mature ? 'mature' : 'teen';

/** The edit form's extra settings, saved with the story. */
export function StorySettingsFields({
  settings,
  onChange,
  disabled = false,
}: {
  settings: StorySettingsForm;
  onChange: (patch: Partial<StorySettingsForm>) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-6">
      <SwitchRow
        id="setting-allow-comments"
        label="Allow Comments"
        description="Let readers comment on your story."
        checked={settings.allow_comments}
        onChange={(allow_comments) => onChange({ allow_comments })}
        disabled={disabled}
      />
      <SwitchRow
        id="setting-mature-content"
        label="Mature Content"
        description="Mark the story as intended for adult readers (rated Mature or Explicit)."
        checked={isMatureRating(settings.rating)}
        onChange={(mature) => onChange({ rating: ratingWithFlag(settings.rating, mature) })}
        disabled={disabled}
      />
      <div className="grid gap-6 sm:grid-cols-3">
        <Field
          id="setting-rating"
          label="Rating"
          hint={RATING_DESCRIPTIONS[settings.rating]}
          hintId="setting-rating-hint"
        >
          <Select
            id="setting-rating"
            value={settings.rating}
            onChange={(event) => onChange({ rating: event.target.value as Rating })}
            disabled={disabled}
            aria-describedby="setting-rating-hint"
          >
            {RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {RATING_LABELS[rating]}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset className="sm:col-span-2" disabled={disabled}>
          <legend className="text-sm font-medium text-foreground">Warnings</legend>
          <p className="mt-0.5 text-sm text-muted-foreground">
            Tell readers what the story contains. Optional.
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {STORY_WARNINGS.map((warning) => (
              <label key={warning} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 rounded border-input accent-primary"
                  checked={settings.warnings.includes(warning)}
                  onChange={(event) =>
                    onChange({
                      warnings: STORY_WARNINGS.filter((w) =>
                        w === warning ? event.target.checked : settings.warnings.includes(w),
                      ),
                    })
                  }
                />
                {WARNING_LABELS[warning]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="grid gap-6 sm:grid-cols-3">
        <Field id="setting-completion" label="Completion Status">
          <Select
            id="setting-completion"
            value={settings.completion_status}
            onChange={(event) =>
              onChange({
                completion_status: event.target.value as StorySettingsForm['completion_status'],
              })
            }
            disabled={disabled}
          >
            <option value="ongoing">Ongoing</option>
            <option value="completed">Completed</option>
          </Select>
        </Field>
        <Field id="setting-language" label="Language">
          <Select
            id="setting-language"
            value={settings.language}
            onChange={(event) =>
              onChange({ language: event.target.value as StorySettingsForm['language'] })
            }
            disabled={disabled}
          >
            {STORY_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="setting-copyright" label="Copyright">
          <Select
            id="setting-copyright"
            value={settings.copyright}
            onChange={(event) =>
              onChange({ copyright: event.target.value as StorySettingsForm['copyright'] })
            }
            disabled={disabled}
          >
            {COPYRIGHTS.map((copyright) => (
              <option key={copyright} value={copyright}>
                {copyright}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}
