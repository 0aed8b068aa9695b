import { type EmailSwitch, UNSUBSCRIBE_MESSAGES } from '@storyloom/shared';
import { CircleCheck, CircleX, LoaderCircle, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useUnsubscribe, useUnsubscribeState } from '../../api/notifications/unsubscribe';
import { AuthCard, StatusIcon } from '../../components/auth-card';
import { Button, buttonClasses } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';

const settingsLink = (
  <>
    You can turn them back on in{' '}
    <Link to="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
      Settings → Notifications
    </Link>
    .
  </>
);

/**
 * Where an email's unsubscribe link lands: it says which emails it stops and for whom, and
 * stops them with one click (opening the page changes nothing, so a mail scanner that follows
 * links unsubscribes nobody). Mail clients use the RFC 8058 header instead.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token ?? '');

  if (token && state.isPending) {
    return (
      <AuthCard
        testId="unsubscribe-page"
        title="Checking your link"
        documentTitle="Unsubscribe"
        icon={
          <StatusIcon tone="primary">
            <LoaderCircle className="animate-spin" />
          </StatusIcon>
        }
      />
    );
  }

  if (!token || state.isError || !state.data) {
    return (
      <AuthCard
        testId="unsubscribe-page"
        title="This link does not work"
        documentTitle="Unsubscribe"
        icon={
          <StatusIcon tone="destructive">
            <CircleX />
          </StatusIcon>
        }
        description={
          <p role="alert">
            {token && state.isError
              ? errorMessage(state.error, UNSUBSCRIBE_MESSAGES.invalidLink)
              : UNSUBSCRIBE_MESSAGES.invalidLink}
          </p>
        }
      />
    );
  }

  const what = UNSUBSCRIBE_MESSAGES[state.data.switch as EmailSwitch];
  if (unsubscribe.isSuccess || !state.data.subscribed) {
    return (
      <AuthCard
        testId="unsubscribe-page"
        title={UNSUBSCRIBE_MESSAGES.unsubscribed}
        documentTitle="Unsubscribed"
        icon={
          <StatusIcon tone="success">
            <CircleCheck />
          </StatusIcon>
        }
        description={
          <p role="status">
            {state.data.username} will no longer get {what}. {settingsLink}
          </p>
        }
      />
    );
  }

  return (
    <AuthCard
      testId="unsubscribe-page"
      title="Unsubscribe from these emails?"
      documentTitle="Unsubscribe"
      icon={
        <StatusIcon tone="primary">
          <MailX />
        </StatusIcon>
      }
      description={
        <p>
          {state.data.username} will no longer get {what}. In-app notifications stay as they are.
        </p>
      }
    >
      <div className="space-y-3">
        <Button
          size="lg"
          className="w-full"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
          data-testid="unsubscribe-button"
        >
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
        {unsubscribe.isError ? (
          <p role="alert" className="text-center text-sm text-destructive">
            {errorMessage(unsubscribe.error, 'Could not unsubscribe. Try again.')}
          </p>
        ) : null}
        <Link
          to="/"
          className={buttonClasses({ size: 'lg', variant: 'outline', className: 'w-full' })}
        >
          Keep getting them
        </Link>
      </div>
    </AuthCard>
  );
}
