import { PlaceholderPage } from '../../components/placeholder-page';

export function LoginPage() {
  return (
    <PlaceholderPage
      title="Sign In"
      description="Sign in with your email and password, or continue with Google. The sign-in form is not built yet."
    />
  );
}
