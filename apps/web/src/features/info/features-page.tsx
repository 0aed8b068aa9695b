import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useAuthStore } from '../../stores/auth-store';
import { DocumentPage, type DocumentSection } from './components/document-page';

const sections: DocumentSection[] = [
  {
    id: 'reading',
    title: 'Reading',
    content: (
      <ul>
        <li>Every public story is free to read, with or without an account.</li>
        <li>
          A reader that is yours: text size, line spacing, serif, sans-serif or monospaced type,
          alignment, and light, sepia, dark or night colours, remembered on each device.
        </li>
        <li>
          Turn chapters with the buttons or the arrow keys, and jump anywhere from the list of
          chapters.
        </li>
        <li>
          <strong>Continue Reading</strong> takes you back to the last chapter you opened, on any
          device you sign in on.
        </li>
      </ul>
    ),
  },
  {
    id: 'discovering',
    title: 'Finding stories',
    content: (
      <ul>
        <li>
          Browse fourteen genres, sorted by the latest, the most popular (reads and likes over all
          time) or what is trending now.
        </li>
        <li>
          Search titles, descriptions, tags and authors: every word counts, the last one also as the
          start of a word, and accents don’t matter (“cafe” finds “Café”).
        </li>
        <li>More Like This on every story, and recommendations on the stories page.</li>
        <li>
          The <Link to="/authors">author directory</Link> lists everyone who has published a story,
          the most followed first.
        </li>
      </ul>
    ),
  },
  {
    id: 'writing',
    title: 'Writing',
    content: (
      <ul>
        <li>
          Write chapters with bold, italic, underline and quotes, and see the word count as you go.
        </li>
        <li>
          Give each story a cover, a genre, up to ten tags, a language, a copyright notice and
          whether it is finished or ongoing; mark mature content.
        </li>
        <li>
          Publish chapters when they are ready and keep the rest as drafts; keep a whole story
          private until you want readers.
        </li>
        <li>
          Preview before you publish. What you type is kept in your browser until it is saved, so a
          reload or a lost connection does not cost you a sentence.
        </li>
        <li>
          See each story’s reads and likes in <strong>My Stories</strong>, and yours in your stats.
        </li>
      </ul>
    ),
  },
  {
    id: 'community',
    title: 'Following and your library',
    content: (
      <ul>
        <li>Follow authors and read their newest stories in your feed.</li>
        <li>Suggestions of authors to follow, from the stories readers love most.</li>
        <li>Like stories, and save them to your library to read later.</li>
        <li>
          Your reading stats and a monthly reading challenge: ten stories a month, if you like.
        </li>
        <li>Share a story or a profile: the link shows a preview with its title and picture.</li>
      </ul>
    ),
  },
  {
    id: 'account',
    title: 'Your account and privacy',
    content: (
      <ul>
        <li>Sign up with an email address or with Google.</li>
        <li>A profile with a bio and a picture you crop yourself.</li>
        <li>Choose who sees your profile: everyone, only the people you follow, or nobody else.</li>
        <li>
          See every device you are signed in on and sign any of them out; get an email when a new
          device signs in; be signed out automatically after 7 to 90 days of not using one.
        </li>
        <li>Light and dark themes, or your system’s.</li>
        <li>
          Download everything you have put on Storyloom in one file, and delete your account
          whenever you want.
        </li>
      </ul>
    ),
  },
  {
    id: 'coming',
    title: 'Not built yet',
    content: (
      <p>
        Comments, notifications, private messages, two-factor sign-in and apps for phones. We will
        add them here when they work.
      </p>
    ),
  },
];

/** /features: what the product does today, and nothing it does not. */
export function FeaturesPage() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  return (
    <DocumentPage
      title="Features"
      kicker="Product"
      summary={
        <p>Everything Storyloom does today, for readers and for writers. All of it is free.</p>
      }
      sections={sections}
      contents={false}
      testId="features-page"
    >
      <div className="flex flex-wrap gap-3">
        <Link to="/stories" className={buttonClasses()}>
          Browse stories
        </Link>
        <Link
          to={signedIn ? '/stories/create' : '/auth/signup'}
          className={buttonClasses({ variant: 'outline' })}
        >
          {signedIn ? 'Write a story' : 'Create an account'}
        </Link>
      </div>
    </DocumentPage>
  );
}
