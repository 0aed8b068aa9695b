import { CONTACT_MESSAGES, type ContactBody } from '@storyloom/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSendContactMessage } from '../../api/contact/send-contact-message';
import { PageTitle } from '../../components/page-title';
import { Button, buttonClasses } from '../../components/ui/button';
import { useAuthStore } from '../../stores/auth-store';
import { ContactForm } from './components/contact-form';
import { topicFromQuery } from './model/contact-form';

/** Where the common questions are answered already. */
function BeforeYouWrite() {
  return (
    <div className="space-y-6 text-sm leading-6 text-muted-foreground">
      <div>
        <h2 className="font-semibold text-foreground">Reporting a story or a person</h2>
        <p className="mt-1">
          Choose <em>Reporting a story or a person</em>, give the link to the story, chapter or
          profile, and say what is wrong. The <Link to="/guidelines">Community Guidelines</Link> say
          what is not allowed.
        </p>
      </div>
      <div>
        <h2 className="font-semibold text-foreground">Copyright</h2>
        <p className="mt-1">
          The <Link to="/terms#copyright-complaints">Terms of Service</Link> list what a copyright
          complaint needs.
        </p>
      </div>
      <div>
        <h2 className="font-semibold text-foreground">Your data</h2>
        <p className="mt-1">
          You can export or delete everything yourself in Settings → Account; the{' '}
          <Link to="/privacy">Privacy Policy</Link> says what we keep. Write to us for anything
          else.
        </p>
      </div>
      <p>
        We keep your message, your email address and, if you are signed in, your account with it,
        and nothing else: not your IP address or browser.
      </p>
    </div>
  );
}

/** The answer after a message went through: what happens next, and a way to write again. */
function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      className="flex flex-col items-start rounded-2xl border bg-card p-6 sm:p-8"
      data-testid="contact-sent"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-6" aria-hidden="true" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-semibold focus:outline-none">
        Message sent
      </h2>
      <p className="mt-2 text-muted-foreground">{CONTACT_MESSAGES.sent}</p>
      <p className="mt-2 text-muted-foreground">
        If it needs an answer, we will write to <strong className="text-foreground">{email}</strong>
        .
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="outline" onClick={onAgain}>
          Send another message
        </Button>
        <Link to="/stories" className={buttonClasses({ variant: 'ghost' })}>
          Back to stories
        </Link>
      </div>
    </div>
  );
}

/** /contact: a message to the site's staff, stored for them (`npm run contact:list`). */
export function ContactPage() {
  const [params] = useSearchParams();
  const user = useAuthStore((state) => state.user);
  const send = useSendContactMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A new form (and its state) after "Send another message".
  const [round, setRound] = useState(0);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14" data-testid="contact-page">
      <PageTitle title="Contact" />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold text-primary">Company</p>
        <h1 className="mt-1 font-serif text-3xl font-bold tracking-tight sm:text-4xl">
          Contact us
        </h1>
        <p className="mt-4 text-base leading-7 text-muted-foreground sm:text-lg sm:leading-8">
          A question, a problem, something to report: write to the Storyloom team. Every message is
          read by a person.
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14">
        <div className="min-w-0">
          {sentTo ? (
            <Sent
              email={sentTo}
              onAgain={() => {
                setSentTo(null);
                setRound((n) => n + 1);
              }}
            />
          ) : (
            <div className="rounded-2xl border bg-card p-5 sm:p-8">
              <ContactForm
                key={round}
                initial={{
                  name: '',
                  email: user?.email ?? '',
                  topic: topicFromQuery(params.get('topic')),
                  message: '',
                }}
                username={user?.username ?? null}
                send={send.mutateAsync}
                onSent={(body: ContactBody) => setSentTo(body.email)}
              />
            </div>
          )}
        </div>
        <aside
          aria-label="Before you write"
          className="[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4"
        >
          <BeforeYouWrite />
        </aside>
      </div>
    </div>
  );
}
