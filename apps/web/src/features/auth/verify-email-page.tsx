import { AUTH_MESSAGES } from '@storyloom/shared';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useVerifyEmail } from '../../api/auth/verify-email';
import { AuthCard, StatusIcon } from '../../components/auth-card';
import { buttonClasses } from '../../components/ui/button';
import { useAuthStore } from '../../stores/auth-store';
import { TextLink } from './components/auth-links';
import { ResendVerification } from './components/resend-verification';
import { AUTH_SCREEN_TEXT } from './messages';
import { verificationFailureMessage } from './verification-message';

function SupportNote() {
  return (
    <>
      Having trouble? <TextLink to="/contact">Contact support</TextLink>
    </>
  );
}

/** The link from the verification email lands here. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verify = useVerifyEmail();
  const started = useRef<string | null>(null);
  const user = useAuthStore((state) => state.user);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    // Once per token: the token is single-use, so a second call (Strict Mode) would fail.
    if (!token || started.current === token) return;
    started.current = token;
    verify.mutate(token, {
      onSuccess: () => {
        const auth = useAuthStore.getState();
        if (auth.isAuthenticated) void auth.fetchMe();
      },
    });
  }, [token, verify.mutate]);

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <AuthCard
        testId="verify-email-page"
        title="Verifying your email"
        documentTitle="Verify Email"
        icon={
          <StatusIcon tone="primary">
            <LoaderCircle className="animate-spin" />
          </StatusIcon>
        }
        description={<p role="status">Hold on while we confirm your address...</p>}
        footer={<SupportNote />}
      />
    );
  }

  if (token && verify.isSuccess) {
    return (
      <AuthCard
        testId="verify-email-page"
        title={AUTH_MESSAGES.emailVerified}
        documentTitle="Email Verified"
        icon={
          <StatusIcon tone="success">
            <CircleCheck />
          </StatusIcon>
        }
        description={
          <p role="status">Your email address is confirmed. Welcome to the community!</p>
        }
        footer={<SupportNote />}
      >
        <Link to="/auth/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Continue to Login
        </Link>
      </AuthCard>
    );
  }

  const message = token
    ? verificationFailureMessage(verify.error)
    : AUTH_MESSAGES.verificationTokenRequired;
  const canResend = isAuthenticated && user !== null && !user.email_verified;

  return (
    <AuthCard
      testId="verify-email-page"
      title={AUTH_SCREEN_TEXT.verificationFailedTitle}
      documentTitle="Verification Failed"
      icon={
        <StatusIcon tone="destructive">
          <CircleX />
        </StatusIcon>
      }
      description={
        <p role="alert" data-testid="verification-error">
          {message}
        </p>
      }
      footer={<SupportNote />}
    >
      <div className="space-y-5">
        {canResend ? <ResendVerification email={user.email} /> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Link to="/auth/login" className={buttonClasses({ size: 'lg' })}>
            Go to Login
          </Link>
          <Link to="/auth/signup" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            Create New Account
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
