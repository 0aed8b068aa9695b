import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from './components/document-page';

/** When this text last changed: change it with the text. */
const UPDATED = '2026-11-25';

const sections: DocumentSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    content: (
      <>
        <p>
          These terms are the agreement between you and Storyloom (“we”) when you use this site. By
          creating an account, or by using the site without one, you accept them. The{' '}
          <Link to="/guidelines">Community Guidelines</Link> and the{' '}
          <Link to="/privacy">Privacy Policy</Link> are part of them.
        </p>
        <p>
          Nothing here takes away rights you have under the law where you live, such as consumer
          rights that cannot be signed away.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>
          You must be at least 13 years old, or older if the law where you live sets a higher age
          for using a service like this on your own.
        </li>
        <li>
          An account is for one person. Give an email address you can receive mail at, and keep your
          password to yourself: you are responsible for what is done with your account.
        </li>
        <li>
          Usernames that pass for Storyloom, its staff or its services (such as “admin” or
          “support”) are not available, and you may not pretend to be someone else.
        </li>
        <li>
          If you think someone else is using your account, change your password and sign out the
          sessions you don’t recognise in Settings → Security, then tell us.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'What you write stays yours',
    content: (
      <>
        <p>
          You keep the copyright and every other right you have in the stories, chapters, covers and
          profile you put on Storyloom. We claim no ownership of them.
        </p>
        <p>
          To run the site we need your permission to store your work, copy it (for example into
          backups), resize your images, and show it to the people you chose: everyone for a public
          story, only you for a private one. You give us that permission, worldwide and free of
          charge, only for running and improving Storyloom, for as long as the work is on the site
          (and in backups until they expire). You can take it back at any time by making a story
          private or deleting it.
        </p>
        <p>
          The copyright notice you pick for a story (All Rights Reserved, Creative Commons or Public
          Domain) is your statement to readers about what they may do with it. Choose the one you
          mean.
        </p>
        <p>
          You promise that you have the right to post what you post: that you wrote it, or have the
          permission of whoever did, and that it does not break the law or these terms.
        </p>
      </>
    ),
  },
  {
    id: 'others-content',
    title: 'Other people’s stories',
    content: (
      <p>
        Stories on Storyloom belong to their authors. Read them, like and save them, and share links
        to them as much as you like. Do not copy, republish, sell or translate them without the
        author’s permission, unless the story’s copyright notice or the law allows it.
      </p>
    ),
  },
  {
    id: 'rules',
    title: 'Using the site fairly',
    content: (
      <>
        <p>
          Follow the <Link to="/guidelines">Community Guidelines</Link>. In addition, do not:
        </p>
        <ul>
          <li>break the law, or help someone else to, through Storyloom;</li>
          <li>
            try to reach accounts, stories or data that are not yours, or probe, overload or get
            around the site’s security and limits;
          </li>
          <li>
            run scripts or bots that sign up, follow, like, read or post in bulk, or that copy the
            site’s content at scale;
          </li>
          <li>inflate reads, likes or follows, or sell or buy them.</li>
        </ul>
        <p>
          If you find a security problem, tell us through the{' '}
          <Link to="/contact">contact page</Link> rather than using it; we are grateful for it.
        </p>
      </>
    ),
  },
  {
    id: 'copyright-complaints',
    title: 'Copyright complaints',
    content: (
      <>
        <p>
          If something on Storyloom copies your work without permission, write to us through the{' '}
          <Link to="/contact?topic=copyright">contact page</Link> with the topic{' '}
          <strong>Copyright</strong>, and include:
        </p>
        <ul>
          <li>which work of yours it is, and where it was first published;</li>
          <li>the link to the story or chapter on Storyloom;</li>
          <li>how we can reach you;</li>
          <li>
            a statement that you own the rights (or act for whoever does) and that you believe the
            use is not allowed.
          </li>
        </ul>
        <p>
          We remove what infringes and tell the person who posted it, who may answer if they think
          we got it wrong. Accounts that infringe again and again are closed.
        </p>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation and closing accounts',
    content: (
      <>
        <p>
          We may remove content, or limit, suspend or close an account, when it breaks these terms
          or the Community Guidelines, or when the law requires it. How we decide is described in
          the guidelines. Where we can, we tell you what we did and why, and you can ask us to look
          again by answering that message.
        </p>
        <p>
          You can stop using Storyloom whenever you like, and delete your account in Settings →
          Account. Take a copy of your data first with <em>Export My Data</em>: deleting is final.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    content: (
      <>
        <p>
          Storyloom is free. We keep improving it, so features may change, and some that you see
          mentioned (such as comments and notifications) are not built yet. We work to keep the site
          available and your work safe, and take regular backups, but we cannot promise that it will
          never be interrupted or that nothing will ever be lost: keep your own copies of work that
          matters to you.
        </p>
        <p>
          The site is provided as it is. As far as the law allows, we are not liable for indirect
          losses, or for losses caused by other users, or by events we could not reasonably control.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        If we change these terms, we update this page before the change takes effect and change the
        date at the top. If you keep using Storyloom after that, the new terms apply; if you do not
        agree with them, you can delete your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about these terms: write to us through the <Link to="/contact">contact page</Link>
        .
      </p>
    ),
  },
];

/** /terms: the terms of service, in plain words. */
export function TermsPage() {
  return (
    <DocumentPage
      title="Terms of Service"
      kicker="Legal"
      updated={UPDATED}
      summary={
        <p>
          Be at least 13, keep your account to yourself, post only what you have the right to post,
          and treat people well. What you write stays yours; we only need your permission to store
          it and show it to the readers you choose.
        </p>
      }
      sections={sections}
      testId="terms-page"
    />
  );
}
