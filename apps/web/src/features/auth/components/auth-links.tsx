import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
    >
      {children}
    </Link>
  );
}

/** The terms line under the login and sign-up forms. */
export function LegalNote() {
  return (
    <p className="mt-6 text-center text-xs text-muted-foreground text-pretty">
      By continuing, you agree to our <TextLink to="/terms">Terms of Service</TextLink> and{' '}
      <TextLink to="/privacy">Privacy Policy</TextLink>.
    </p>
  );
}
