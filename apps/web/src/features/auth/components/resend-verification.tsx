import { AUTH_MESSAGES } from '@storyloom/shared';
import { MailPlus } from 'lucide-react';
import { useResendVerification } from '../../../api/auth/resend-verification';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { FormAlert } from './form-alert';

/** For a signed-in user whose address is not verified yet: mail a fresh link. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div
      className="space-y-3 rounded-xl border border-dashed p-4"
      data-testid="resend-verification"
    >
      <p className="text-sm text-muted-foreground">
        Signed in as <span className="font-medium text-foreground">{email}</span>. Need a new link?
      </p>
      {resend.isSuccess ? (
        <FormAlert tone="success">{AUTH_MESSAGES.verificationSent}</FormAlert>
      ) : null}
      {resend.isError ? (
        <FormAlert>
          {errorMessage(resend.error, 'Could not send the email. Please try again.')}
        </FormAlert>
      ) : null}
      <Button
        variant="secondary"
        className="w-full"
        disabled={resend.isPending}
        aria-busy={resend.isPending}
        onClick={() => resend.mutate()}
      >
        <MailPlus aria-hidden="true" />
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}
