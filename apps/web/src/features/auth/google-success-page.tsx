import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { exchangeGoogleCode } from '../../api/auth/exchange-google-code';
import { signOut } from '../../api/auth/sign-out';
import { AuthCard, StatusIcon } from '../../components/auth-card';
import { useAuthStore } from '../../stores/auth-store';
import {
  CALLBACK_OUTCOMES,
  type CallbackOutcome,
  firstOutcome,
  initialOutcome,
  readCallbackParams,
} from './google-callback';

/**
 * Trades the one-time code for tokens and loads the profile; true when the user is signed in
 * afterwards. A code that does not work leaves whatever session the browser held untouched.
 */
async function completeSignIn(code: string): Promise<boolean> {
  const tokens = await exchangeGoogleCode(code);
  const { accessToken: previous, setTokens, setUser, fetchMe } = useAuthStore.getState();
  setTokens(tokens.access_token, tokens.refresh_token ?? null);
  // Whoever was signed in here before must not pass for the new session's user.
  setUser(null);
  await fetchMe(tokens.access_token);
  const { user, isAuthenticated } = useAuthStore.getState();
  if (!user || !isAuthenticated) return false;
  // Signing in again while signed in (e.g. to confirm deleting the account) replaces this
  // browser's session: the old one ends rather than linger in Settings → Security.
  if (previous && previous !== tokens.access_token) void signOut(previous);
  return true;
}

const TITLES = { processing: 'Signing you in', success: 'Signed in', error: 'Sign-in failed' };

/** Where the API's Google callback lands: `?error=…`, or a one-time code in the fragment. */
export function GoogleSuccessPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<CallbackOutcome>(() => firstOutcome(searchParams));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { search, hash, pathname } = window.location;
    const params = readCallbackParams(new URLSearchParams(search), hash);
    // The code leaves the address bar at once (history, screenshots, shared links).
    window.history.replaceState(window.history.state, '', pathname);
    setOutcome(initialOutcome(params));
    if (params.kind !== 'code') return;
    completeSignIn(params.code)
      .catch(() => false)
      .then((signedIn) => {
        if (signedIn) {
          setOutcome(CALLBACK_OUTCOMES.success);
        } else {
          // Leave no half-made session behind, or the login page would bounce to the feed.
          if (!useAuthStore.getState().user) useAuthStore.getState().logout();
          setOutcome(CALLBACK_OUTCOMES.processingFailed);
        }
      });
  }, []);

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
