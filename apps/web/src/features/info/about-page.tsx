import { PRODUCT_TAGLINE } from '@storyloom/shared';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { DocumentPage, type DocumentSection } from './components/document-page';

const sections: DocumentSection[] = [
  {
    id: 'what',
    title: 'What Storyloom is',
    content: (
      <>
        <p>
          Storyloom is a place to read and write stories that arrive one chapter at a time. Readers
          browse by genre, search, follow the authors they like and pick up where they left off on
          any device. Writers publish a story chapter by chapter, with a cover, genre and tags, and
          keep drafts and private stories to themselves until they are ready.
        </p>
        <p>
          Reading is open to everyone: you need an account only to write, follow, like and save.
        </p>
      </>
    ),
  },
  {
    id: 'today',
    title: 'What you can do today',
    content: (
      <>
        <ul>
          <li>
            Read any public story, with your own text size, spacing, font and colours, and go on
            from the chapter where you stopped.
          </li>
          <li>
            Browse by genre and by latest, most popular or trending, and search titles,
            descriptions, tags and authors.
          </li>
          <li>
            Write stories with chapters, publish them or keep them private, and come back to unsaved
            work after a reload.
          </li>
          <li>
            Follow authors and read their new stories in your feed, find more in the{' '}
            <Link to="/authors">author directory</Link>, like stories and save them to your library.
          </li>
          <li>
            Decide who sees your profile, see and end your sign-ins, take a copy of all your data,
            and delete your account.
          </li>
        </ul>
        <p>
          <Link to="/features">All the features</Link> are listed on their own page.
        </p>
      </>
    ),
  },
  {
    id: 'not-yet',
    title: 'What is not here yet',
    content: (
      <p>
        Comments, notifications, private messages, two-factor sign-in and apps for phones are not
        built yet. A few places already show where they will go (the comment count on a story, the
        bell in the top bar, the notification settings), but they do nothing yet.
      </p>
    ),
  },
  {
    id: 'how',
    title: 'How we run it',
    content: (
      <ul>
        <li>
          <strong>Free, without ads.</strong> There are no paid plans and no advertising (see{' '}
          <Link to="/pricing">Pricing</Link>).
        </li>
        <li>
          <strong>No tracking.</strong> No analytics or third-party scripts; visitors’ reads are
          counted without keeping their addresses. The <Link to="/privacy">Privacy Policy</Link>{' '}
          lists everything we store.
        </li>
        <li>
          <strong>Your work is yours.</strong> You keep the rights to what you write, and can export
          everything or delete your account whenever you like.
        </li>
        <li>
          <strong>Clear rules.</strong> The <Link to="/guidelines">Community Guidelines</Link> say
          what is not allowed and what happens when someone breaks them.
        </li>
      </ul>
    ),
  },
];

/** /about: what Storyloom is and what exists today, plainly. */
export function AboutPage() {
  return (
    <DocumentPage
      title="About Storyloom"
      kicker="Company"
      summary={<p>{PRODUCT_TAGLINE}, one chapter at a time.</p>}
      sections={sections}
      contents={false}
      testId="about-page"
    >
      <div className="flex flex-wrap gap-3">
        <Link to="/stories" className={buttonClasses()}>
          Start reading
        </Link>
        <Link to="/contact" className={buttonClasses({ variant: 'outline' })}>
          Contact us
        </Link>
      </div>
    </DocumentPage>
  );
}
