import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuthStore } from '../../stores/auth-store';
import { AuthCard, StatusIcon } from './components/auth-card';
import {
  CALLBACK_OUTCOMES,
  type CallbackOutcome,
  type CallbackParams,
  initialOutcome,
  readCallbackParams,
} from './google-callback';

/** Stores the tokens and loads the profile; true when the user is signed in afterwards. */
async function completeSignIn(accessToken: string, refreshToken: string): Promise<boolean> {
  const { setTokens, fetchMe } = useAuthStore.getState();
  setTokens(accessToken, refreshToken);
  await fetchMe(accessToken);
  const { user, isAuthenticated } = useAuthStore.getState();
  return Boolean(user && isAuthenticated);
}

const TITLES = { processing: 'Signing you in', success: 'Signed in', error: 'Sign-in failed' };

/** Where the API's Google callback lands. */
export function GoogleSuccessPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [params] = useState<CallbackParams>(() => readCallbackParams(searchParams));
  const [outcome, setOutcome] = useState<CallbackOutcome>(() => initialOutcome(params));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Tokens do not stay in the address bar (history, screenshots, shared links).
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (params.kind !== 'tokens') return;
    completeSignIn(params.accessToken, params.refreshToken)
      .catch(() => false)
      .then((signedIn) => {
        if (signedIn) {
          setOutcome(CALLBACK_OUTCOMES.success);
        } else {
          // Leave no half-made session behind, or the login page would bounce to the feed.
          useAuthStore.getState().logout();
          setOutcome(CALLBACK_OUTCOMES.processingFailed);
        }
      });
  }, [params]);

  useEffect(() => {
    const { redirect } = outcome;
    if (!redirect) return;
    const timer = window.setTimeout(
      () => void navigate(redirect.to, { replace: true }),
      redirect.afterMs,
    );
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  const icon =
    outcome.status === 'processing' ? (
      <StatusIcon tone="primary">
        <LoaderCircle className="animate-spin" />
      </StatusIcon>
    ) : outcome.status === 'success' ? (
      <StatusIcon tone="success">
        <CircleCheck />
      </StatusIcon>
    ) : (
      <StatusIcon tone="destructive">
        <CircleAlert />
      </StatusIcon>
    );

  return (
    <AuthCard
      testId="google-callback-page"
      title={TITLES[outcome.status]}
      documentTitle="Signing In with Google"
      icon={icon}
      description={
        <p
          role="status"
          aria-live="polite"
          data-testid="callback-message"
          data-status={outcome.status}
        >
          {outcome.message}
        </p>
      }
    />
  );
}
