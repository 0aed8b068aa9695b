import { AUTH_MESSAGES, forgotPasswordBody } from '@storyloom/shared';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../../api/auth/request-password-reset';
import { AuthCard, StatusIcon } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { FormAlert } from './components/form-alert';
import { SubmitButton } from './components/submit-button';
import { TextField } from './components/text-field';
import { issuesByField } from './form-errors';
import { useAuthForm } from './use-auth-form';

const FIELDS = ['email'] as const;

function BackToLogin() {
  return (
    <Link
      to="/auth/login"
      className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Sign In
    </Link>
  );
}

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useAuthForm({ initial: { email: '' } });
  const sentHeading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (request.isSuccess) sentHeading.current?.focus();
  }, [request.isSuccess]);

  const onSubmit = form.handleSubmit(async () => {
    const parsed = forgotPasswordBody.safeParse(form.values);
    if (!parsed.success) {
      form.setErrors(issuesByField(parsed.error.issues, FIELDS));
      return;
    }
    try {
      await request.mutateAsync(parsed.data.email);
    } catch (error) {
      // Only transport trouble or rate limits land here; the server never says "no such user".
      form.setFormError(errorMessage(error, 'Could not send the email. Please try again.'));
      form.focus('email');
    }
  });

  if (request.isSuccess) {
    return (
      <AuthCard
        testId="forgot-password-page"
        title="Check your email"
        documentTitle="Forgot Password"
        icon={
          <StatusIcon tone="success">
            <MailCheck />
          </StatusIcon>
        }
        description={
          <div ref={sentHeading} tabIndex={-1} role="status" className="focus:outline-none">
            <p data-testid="reset-requested">{AUTH_MESSAGES.resetRequested}</p>
            <p className="mt-2">
              The link works once and expires soon. Check your spam folder too.
            </p>
          </div>
        }
        footer={<BackToLogin />}
      >
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          onClick={() => {
            request.reset();
            form.setErrors({});
          }}
        >
          Use a different email
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      testId="forgot-password-page"
      title="Forgot your password?"
      documentTitle="Forgot Password"
      icon={
        <StatusIcon tone="primary">
          <KeyRound />
        </StatusIcon>
      }
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={<BackToLogin />}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        {form.formError ? <FormAlert testId="form-error">{form.formError}</FormAlert> : null}
        <TextField
          {...form.field('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
        />
        <SubmitButton pending={form.submitting} pendingText="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
