import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from './components/document-page';
import { FactList } from './components/fact-list';

/** When this text last changed: change it with the text. */
const UPDATED = '2026-11-25';

const sections: DocumentSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          Storyloom (“we”) runs this site, where people read and write stories one chapter at a
          time. This policy says what we keep about you, why, who can see it, how long we keep it,
          and how to take it with you or have it deleted. It describes what the site really does
          today; when that changes, this page changes with it.
        </p>
        <p>
          Questions about your data go to us through the{' '}
          <Link to="/contact?topic=privacy">contact page</Link>: choose{' '}
          <strong>Privacy and my data</strong>.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    content: (
      <>
        <p>When you sign up we keep:</p>
        <ul>
          <li>
            <strong>Your email address</strong>, to sign you in and to send the few emails listed
            below. Others see it only if you turn on <em>Show email</em> in Settings → Privacy and
            your profile is visible to them.
          </li>
          <li>
            <strong>Your username</strong>, which everyone can see. It cannot be changed in
            Settings.
          </li>
          <li>
            <strong>Your password, never in readable form.</strong> We store only an argon2id hash
            of it: a one-way scramble that lets us check a password you type but not recover it.
            Nobody at Storyloom can see your password.
          </li>
          <li>When your account was created, and when you confirmed your email.</li>
        </ul>
        <h3>Signing in with Google</h3>
        <p>
          If you choose <em>Continue with Google</em>, Google tells us your Google account’s
          identifier, your email address, whether Google has verified it, and the name and picture
          of your Google profile. We keep the identifier and the email address. Your username is
          made from your email address; the name and picture are not kept. We never receive your
          Google password or contacts. Google’s own privacy policy covers what happens on Google’s
          pages.
        </p>
      </>
    ),
  },
  {
    id: 'profile',
    title: 'Your profile and settings',
    content: (
      <>
        <p>
          Your profile shows your username, your bio (up to 160 characters) and your profile picture
          if you add them, and counts of your followers, the people you follow, your public stories
          and their reads.
        </p>
        <p>
          <strong>Pictures you upload</strong> (profile pictures and story covers) are decoded and
          saved again as new image files at the sizes the site shows. The file you uploaded is never
          stored, and whatever it carried besides the picture, such as the camera model or the place
          a photo was taken, is dropped.
        </p>
        <p>
          <strong>Who sees your profile</strong> is yours to choose in Settings → Privacy:
        </p>
        <ul>
          <li>
            <strong>Public</strong> (the default): everyone, including people who are not signed in.
          </li>
          <li>
            <strong>Following Only</strong>: the people you follow.
          </li>
          <li>
            <strong>Private</strong>: only you.
          </li>
        </ul>
        <p>
          Anyone your profile is hidden from sees only your username: not your picture, bio, counts,
          dates or lists of followers and stories. Your public stories stay public: they keep
          appearing, with your username, in lists, search and feeds. To hide a story, make it
          private.
        </p>
        <p>
          <strong>Your settings</strong> (privacy choices, notification switches, theme, text size,
          automatic sign-out and login alerts) are kept with your account so they follow you to
          every device.
        </p>
      </>
    ),
  },
  {
    id: 'writing',
    title: 'What you write',
    content: (
      <>
        <p>
          We keep your stories and everything that belongs to them: title, description, genre, tags,
          cover, settings (such as language, copyright and whether it is finished), and every
          chapter with its text, order, word count, whether it is published, and dates.
        </p>
        <ul>
          <li>
            <strong>Public stories</strong> and their published chapters can be read by anyone,
            signed in or not, and appear in lists, search, feeds and link previews when someone
            shares them.
          </li>
          <li>
            <strong>Private stories and unpublished chapters</strong> are seen by you alone. They
            never appear in lists, search, counts or anyone else’s pages.
          </li>
          <li>
            <strong>Unsaved work in the story editor</strong> is kept in your own browser, not on
            our server, until you save it (see the <Link to="/cookies">Cookie Policy</Link>).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'activity',
    title: 'What you do on the site',
    content: (
      <>
        <p>So that the site can show them back to you, we keep:</p>
        <ul>
          <li>
            <strong>Follows</strong>: whom you follow and since when. Follower lists are visible to
            anyone who can see the profile they belong to.
          </li>
          <li>
            <strong>Likes</strong>: which stories you liked and when. Others see only the number of
            likes a story has, never who gave them.
          </li>
          <li>
            <strong>Saves</strong> (your library): which stories you saved and when. Only you see
            them.
          </li>
          <li>
            <strong>Reading history</strong>: the first time you open each chapter, which chapter of
            which story, and when. It counts the read for the story, and gives you your reading
            stats and the monthly reading challenge. Only you see it.
          </li>
          <li>
            <strong>Where you are in a story</strong>: the last chapter you opened, for{' '}
            <em>Continue Reading</em>. Only you see it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'visitors',
    title: 'Reading without an account',
    content: (
      <>
        <p>
          You can read every public story without signing up. A chapter you read still counts once a
          day as a read, and we count it without keeping who you are:
        </p>
        <ul>
          <li>
            We store a code made from the date, your IP address and your browser’s name (its user
            agent), scrambled with a random key that exists for that day only. Your address itself
            is never stored.
          </li>
          <li>
            To stop one address from inflating counts, we also count how many reads each address
            added to a chapter that day, under a code made the same way.
          </li>
          <li>
            When the day ends, its key is deleted, together with those counts. From then on, nobody,
            us included, can tell which address or browser a stored read came from.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Sign-ins and security',
    content: (
      <>
        <p>
          Each time you sign in we keep a record of that sign-in (a session), which you can see, and
          end, in Settings → Security:
        </p>
        <ul>
          <li>how you signed in (password or Google);</li>
          <li>
            the device as your browser describes itself: a name like “Firefox on Linux” and the
            first 300 characters of the browser’s user agent;
          </li>
          <li>
            your <strong>network, never your address</strong>: the first three parts of an IPv4
            address (a range of 256 addresses, like <code>203.0.113.0/24</code>) or the first three
            groups of an IPv6 address (a <code>/48</code>);
          </li>
          <li>when the session started, when it was last used, and when and why it ended.</li>
        </ul>
        <p>
          We keep ended sessions too, while your account exists: they let us tell a new device from
          one you have used before (for login alerts) and your usual networks from others when
          someone is guessing your password.
        </p>
        <p>
          The codes that keep you signed in, the links we email and the one-time codes of Google
          sign-in are stored only as hashes, or not at all. Email links work once: for 24 hours to
          confirm an email address, for 1 hour to reset a password.
        </p>
        <p>
          To slow down password guessing and spam, the server counts recent attempts per IP address
          and per account. Those counts live only in the server’s memory, are never written to disk,
          and stop counting after an hour at most.
        </p>
      </>
    ),
  },
  {
    id: 'emails',
    title: 'Emails we send',
    content: (
      <>
        <p>We send three kinds of email, and nothing else:</p>
        <ul>
          <li>a link to confirm your email address, when you sign up or ask for a new one;</li>
          <li>a link to reset your password, when you ask for one;</li>
          <li>
            a login alert, when your account is signed into from a device it has not used before
            (you can turn these off in Settings → Security).
          </li>
        </ul>
        <p>
          No newsletters, no marketing, no messages from other companies. Notification settings such
          as “new follower” are kept for when those emails exist; none are sent today.
        </p>
        <p>
          An email waits in a queue on our server until it is sent through our email provider. Once
          it has gone, its text is erased from the queue, and the queue’s record of it is deleted
          seven days later.
        </p>
      </>
    ),
  },
  {
    id: 'contact-messages',
    title: 'Messages you send us',
    content: (
      <p>
        When you write to us through the <Link to="/contact">contact page</Link>, we keep your name
        if you give one, your email address, the topic, your message, when you sent it, and your
        account if you were signed in. We do not keep your IP address or browser with it. Only our
        staff read these messages, to answer you and to act on reports. We keep them while we need
        them for that, which for a report can be after you have deleted your account; ask us through
        the contact page and we will delete yours.
      </p>
    ),
  },
  {
    id: 'logs',
    title: 'Server logs',
    content: (
      <p>
        Like almost every website, our server writes a line about each request it answers: when, the
        page or call asked for, the IP address it came from, and how it was answered. The secret
        parts of links (such as a password reset token) are removed first. These logs are used only
        to find faults and stop attacks. They are not part of our database and are deleted when the
        logs are rotated.
      </p>
    ),
  },
  {
    id: 'browser',
    title: 'What we keep in your browser',
    content: (
      <p>
        The site keeps a few things in your own browser so that it works: your sign-in, your theme,
        your reading settings and unsaved work. It uses two small cookies of its own and no others.
        The <Link to="/cookies">Cookie Policy</Link> lists each of them.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'What we do not do',
    content: (
      <>
        <ul>
          <li>We do not sell or rent your data, or share it with advertisers.</li>
          <li>We do not show ads.</li>
          <li>
            We use no analytics, tracking or social media scripts. Pages load nothing from other
            companies: fonts and the initials shown when there is no profile picture are drawn on
            your device.
          </li>
          <li>
            The only outside services involved are Google, if you choose to sign in with it, and our
            email provider, which receives the emails listed above in order to deliver them.
          </li>
        </ul>
        <p>
          We would disclose data to others only when the law requires it, such as a valid court
          order.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Seeing, taking and deleting your data',
    content: (
      <>
        <h3>Take a copy</h3>
        <p>
          Settings → Account → <strong>Export My Data</strong> downloads a file (JSON) with your
          profile and email, your settings, every story you wrote with all its chapters (private
          ones and drafts included), your followers and the people you follow, your likes, your
          saves, your reading history and your place in each story. Your sign-ins are listed in
          Settings → Security. Messages you sent us are not in the export: ask us for them.
        </p>
        <h3>Correct it</h3>
        <p>
          You can change your bio, picture, settings and stories at any time. To change your email
          address or username, write to us.
        </p>
        <h3>Delete it</h3>
        <p>
          Settings → Account → <strong>Delete Account</strong> deletes your account at once, after
          you confirm it with your password (or, for an account that signs in with Google, a Google
          sign-in in the last 10 minutes). It removes your profile and picture, your settings, your
          stories with their chapters and covers, your follows, likes and saves, your reading
          history and places, and your sign-ins. Two things remain:
        </p>
        <ul>
          <li>
            the reads you added to other people’s stories stay in their totals, each recorded
            without your account, under a random code that belonged to it and nothing else now
            refers to;
          </li>
          <li>
            messages you sent us through the contact page (see above), no longer linked to an
            account.
          </li>
        </ul>
        <p>
          If you cannot do something here yourself, or want us to explain what we hold about you,
          write to us. Depending on where you live, you may also have the right to complain to your
          data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep things',
    content: (
      <FactList
        label="How long each kind of data is kept"
        facts={[
          {
            term: 'Account, profile and settings',
            detail: 'Until you delete your account.',
          },
          {
            term: 'Stories, chapters and covers',
            detail: 'Until you delete them, or your account.',
          },
          {
            term: 'Follows, likes, saves, reading history and places',
            detail:
              'Until you undo them or delete your account. Reads stay counted, without your account.',
          },
          {
            term: 'Sign-ins (sessions)',
            detail: 'Until you delete your account, ended ones included.',
          },
          {
            term: 'Email links and sign-in codes',
            detail:
              'Usable for 24 hours (email confirmation), 1 hour (password reset) or 2 minutes (Google sign-in); stored as hashes until your account is deleted.',
          },
          {
            term: 'Reads of visitors',
            detail:
              'The day’s key and per-address counts are deleted when the day ends; the reads stay counted, no longer linkable to anyone.',
          },
          {
            term: 'Emails we send',
            detail: 'The text is erased once sent; the queue’s record is deleted 7 days later.',
          },
          {
            term: 'Messages you send us',
            detail: 'While we need them to answer you or act on a report, or until you ask.',
          },
          {
            term: 'Server logs',
            detail: 'Until the logs are rotated.',
          },
          {
            term: 'Backups',
            detail:
              'Copies of the whole site are kept for 14 days, so something deleted is gone from them two weeks later.',
          },
        ]}
      />
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        Storyloom is not for children under 13, and they may not open an account (see the{' '}
        <Link to="/terms">Terms of Service</Link>). If you believe a child under 13 has an account,
        tell us through the contact page and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When what we keep or how we use it changes, we update this page before the change takes
        effect and change the date at the top.
      </p>
    ),
  },
];

/** /privacy: what Storyloom stores, true to what the code does (docs/api.md, decisions 008, 010, 016). */
export function PrivacyPage() {
  return (
    <DocumentPage
      title="Privacy Policy"
      kicker="Legal"
      updated={UPDATED}
      summary={
        <p>
          We keep what the site needs to work: your account, what you write, and what you do here so
          we can show it back to you. We don’t sell data, show ads or use trackers. Below is
          everything we store, why, and how to take it with you or delete it.
        </p>
      }
      sections={sections}
      testId="privacy-page"
    />
  );
}
