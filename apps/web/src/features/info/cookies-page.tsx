import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from './components/document-page';
import { FactList } from './components/fact-list';

/** When this text last changed: change it with the text (and with STORAGE_KEYS). */
const UPDATED = '2026-11-25';

const sections: DocumentSection[] = [
  {
    id: 'summary',
    title: 'In short',
    content: (
      <ul>
        <li>Two cookies of our own, both needed for the site to work. No others.</li>
        <li>
          A few entries in your browser’s local storage: your sign-in, your theme, your reading
          settings and work you have not saved yet.
        </li>
        <li>
          No advertising, analytics or tracking cookies, and nothing from other companies, so there
          is nothing to accept or refuse.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <>
        <p>A cookie is a small piece of text the browser sends back to the site with each visit.</p>
        <FactList
          label="The cookies Storyloom sets"
          facts={[
            {
              term: <code>sl_signed_in</code>,
              detail: (
                <>
                  Says “someone is signed in on this browser” (its value is just <code>1</code>), so
                  the server sends the app rather than the page as visitors see it. It holds nothing
                  about who you are. Kept for a year; removed when you sign out.
                </>
              ),
            },
            {
              term: <code>sl_oidc</code>,
              detail:
                'Only while you sign in with Google: random values that let us check that the answer coming back from Google belongs to the sign-in this browser started. Signed, unreadable by the page’s scripts, kept 10 minutes at most and removed as soon as you return.',
            },
          ]}
        />
      </>
    ),
  },
  {
    id: 'local-storage',
    title: 'Local storage',
    content: (
      <>
        <p>
          Local storage is space in your browser that only this site can read. Its entries never
          leave your device unless the site sends them in a request, and they stay until they are
          removed.
        </p>
        <FactList
          label="What Storyloom keeps in local storage"
          facts={[
            {
              term: <code>auth-storage</code>,
              detail:
                'Your sign-in: the codes that prove who you are to the server and your account’s profile, so you stay signed in between visits. Cleared when you sign out, or when the server ends the session.',
            },
            {
              term: <code>theme</code>,
              detail: 'Light, dark or the system’s choice, so the site opens in the right colours.',
            },
            {
              term: <code>reading-preferences</code>,
              detail:
                'The reader’s text size, line spacing, font, alignment and colours on this device.',
            },
            {
              term: <code>user-settings</code>,
              detail:
                'Changes on the Settings page you have not saved yet, so a reload does not lose them. Removed once you save or discard them.',
            },
            {
              term: (
                <>
                  <code>story-draft:…</code>
                </>
              ),
              detail:
                'What you type in the story editor before it is saved: title, description, genre, tags, settings and chapters (not the cover). One per story you are editing; removed once the story is saved, or when you discard the draft.',
            },
          ]}
        />
      </>
    ),
  },
  {
    id: 'control',
    title: 'Removing them',
    content: (
      <>
        <p>
          Signing out removes your sign-in and the signed-in cookie. Your browser’s settings can
          clear everything else this site stored (look for “site data” or “cookies and site data”).
          If you block storage for the site, you can still read, but you will not stay signed in and
          your theme and reading settings will not be remembered.
        </p>
        <p>
          What our server keeps is described in the <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
];

/** /cookies: what the site stores in the browser, exactly as apps/web does (STORAGE_KEYS). */
export function CookiesPage() {
  return (
    <DocumentPage
      title="Cookie Policy"
      kicker="Legal"
      updated={UPDATED}
      summary={<p>What Storyloom keeps in your browser, and why. It is a short list.</p>}
      sections={sections}
      testId="cookies-page"
    />
  );
}
