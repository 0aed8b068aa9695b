import { PlaceholderPage } from '../../components/placeholder-page';

export function ForgotPasswordPage() {
  return (
    <PlaceholderPage
      title="Forgot Password"
      description="This page will email you a link to choose a new password. It is not built yet."
    />
  );
}
