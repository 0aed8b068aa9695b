import { BookMarked, Compass, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { READER_MESSAGES } from '../messages';

/** After the last chapter: back to the story or on to more stories. */
export function EndCard({ storyId, storyTitle }: { storyId: string; storyTitle: string }) {
  return (
    <section
      aria-labelledby="end-card-title"
      className="mt-10 rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8"
      data-testid="end-card"
    >
      <PartyPopper className="mx-auto size-8 text-primary" aria-hidden="true" />
      <h2 id="end-card-title" className="mt-3 text-xl font-bold">
        {READER_MESSAGES.endTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        You finished <span className="font-medium text-foreground">{storyTitle}</span>.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Link
          to={`/stories/${encodeURIComponent(storyId)}`}
          className={buttonClasses({ variant: 'outline' })}
        >
          <BookMarked aria-hidden="true" />
          {READER_MESSAGES.backToStory}
        </Link>
        <Link to="/stories" className={buttonClasses()}>
          <Compass aria-hidden="true" />
          {READER_MESSAGES.browseMore}
        </Link>
      </div>
    </section>
  );
}
