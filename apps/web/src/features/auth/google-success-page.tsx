import { PlaceholderPage } from '../../components/placeholder-page';

export function GoogleSuccessPage() {
  return (
    <PlaceholderPage
      title="Signing In with Google"
      description="This page will finish a Google sign-in and take you to your feed. It is not built yet."
    />
  );
}
