import { AUTH_MESSAGES } from '@storyloom/shared';
import { Info, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useAuthProviders } from '../../../api/auth/get-auth-providers';
import { Button } from '../../../components/ui/button';
import { useAuthStore } from '../../../stores/auth-store';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/**
 * Continue / sign up with Google: sends the browser to the API's Google sign-in. When the
 * server has no Google configured it explains that instead of leaving the page.
 */
export function GoogleButton({ label }: { label: string }) {
  const providers = useAuthProviders();
  const loginWithGoogle = useAuthStore((state) => state.loginWithGoogle);
  const [notConfigured, setNotConfigured] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const noticeId = useId();

  // Coming back with the Back button restores this page from the cache: re-enable the button.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  function onClick() {
    // If the providers call failed, try anyway: the API explains on the login page.
    if (providers.data?.google === false) {
      setNotConfigured(true);
      return;
    }
    setLeaving(true);
    loginWithGoogle();
  }

  return (
    <div>
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={onClick}
        disabled={leaving}
        aria-describedby={notConfigured ? noticeId : undefined}
        data-testid="google-button"
      >
        {leaving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <GoogleLogo />}
        {leaving ? 'Redirecting to Google...' : label}
      </Button>
      {/* A live region that is always there, so the explanation is announced when it appears. */}
      <div role="status">
        {notConfigured ? (
          <p
            id={noticeId}
            className="mt-3 flex items-start gap-2 rounded-lg bg-muted px-3 py-2.5 text-sm text-muted-foreground"
            data-testid="google-not-configured"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {AUTH_MESSAGES.googleNotConfigured}
          </p>
        ) : null}
      </div>
    </div>
  );
}
