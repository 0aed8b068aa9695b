import { MESSAGES } from '@storyloom/shared';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { buttonClasses } from '../../../components/ui/button';
import { DETAIL_MESSAGES } from './messages';

/** A story id that does not exist. */
export function StoryNotFound() {
  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center"
      data-testid="story-not-found"
    >
      <PageTitle title={MESSAGES.storyNotFound} />
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{MESSAGES.storyNotFound}</h1>
      <p className="mt-2 text-muted-foreground">
        It may have been deleted, or the link is mistyped.
      </p>
      <Link to="/stories" className={buttonClasses({ className: 'mt-6' })}>
        {DETAIL_MESSAGES.browseStories}
      </Link>
    </section>
  );
}
