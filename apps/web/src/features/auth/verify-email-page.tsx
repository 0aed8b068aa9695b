import { PlaceholderPage } from '../../components/placeholder-page';

export function VerifyEmailPage() {
  return (
    <PlaceholderPage
      title="Verify Your Email"
      description="This page will confirm the address from the link in your verification email. It is not built yet."
    />
  );
}
