import { PlaceholderPage } from '../../components/placeholder-page';

export function SignupPage() {
  return (
    <PlaceholderPage
      title="Create Your Account"
      description="Sign up with a username, email and password, or with Google, to start writing. The sign-up form is not built yet."
    />
  );
}
