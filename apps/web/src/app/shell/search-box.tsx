import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';

export const SEARCH_PLACEHOLDER = 'Search stories, authors...';

/** Submitting non-blank text goes to /stories?q=… and clears the box; blank input is ignored. */
export function SearchBox({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/stories?q=${encodeURIComponent(query)}`);
    setText('');
  }

  return (
    <search className={clsx('relative', className)}>
      <form onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          Search stories and authors
        </label>
        <Search aria-hidden="true" className="top-search-icon" />
        <input
          id={inputId}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          data-testid="search-input"
          className="top-search-input"
        />
      </form>
    </search>
  );
}
