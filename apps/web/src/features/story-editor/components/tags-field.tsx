import { LIMITS, normalizeTags, STORY_MESSAGES } from '@storyloom/shared';
import { clsx } from 'clsx';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

type TagsFieldProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
};

/**
 * Tags added with the Add button or Enter (a comma separates several), trimmed, non-empty and
 * unique regardless of case; each chip can be removed.
 */
export function TagsField({ tags, onChange, disabled = false }: TagsFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const full = tags.length >= LIMITS.tagsPerStory;

  const add = () => {
    const candidates = normalizeTags(text);
    if (candidates.length === 0) {
      setText('');
      return;
    }
    // Nothing is dropped or cut without a word: a refused tag stays in the box with the reason.
    const tooLong = candidates.find((tag) => tag.length > LIMITS.tagMax);
    if (tooLong) {
      setNotice(
        `“${tooLong.slice(0, 40)}${tooLong.length > 40 ? '…' : ''}” is ${tooLong.length} characters: ${STORY_MESSAGES.tagMax.toLowerCase()}`,
      );
      return;
    }
    const known = new Set(tags.map((tag) => tag.toLowerCase()));
    const repeated = candidates.filter((tag) => known.has(tag.toLowerCase()));
    const fresh = candidates.filter((tag) => !known.has(tag.toLowerCase()));
    if (tags.length + fresh.length > LIMITS.tagsPerStory) {
      setNotice(STORY_MESSAGES.tagsMax);
      return;
    }
    onChange([...tags, ...fresh]);
    setNotice(
      repeated.length === 0
        ? null
        : `${repeated.map((tag) => `“${tag}”`).join(', ')} ${repeated.length === 1 ? 'is' : 'are'} already added`,
    );
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}input`} className="text-sm font-medium text-foreground">
        Tags
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}input`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setNotice(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={full ? 'Tag limit reached' : 'Add a tag and press Enter'}
          disabled={disabled || full}
          maxLength={200}
          aria-describedby={`${id}hint`}
          aria-invalid={notice ? true : undefined}
          data-testid="tag-input"
        />
        <Button
          variant="outline"
          onClick={add}
          disabled={disabled || full || text.trim() === ''}
          data-testid="add-tag"
        >
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags" data-testid="tag-list">
          {tags.map((tag) => (
            <li
              key={tag.toLowerCase()}
              className="inline-flex items-center gap-1 rounded-full bg-secondary py-1 pl-3 pr-1 text-sm text-secondary-foreground"
            >
              <span>{tag}</span>
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                disabled={disabled}
                aria-label={`Remove tag ${tag}`}
                className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-background hover:text-foreground"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p
        id={`${id}hint`}
        className={clsx('text-xs', notice ? 'text-destructive' : 'text-muted-foreground')}
        aria-live="polite"
        data-testid="tag-notice"
      >
        {notice ?? `Up to ${LIMITS.tagsPerStory} tags help readers find your story.`}
      </p>
    </div>
  );
}
