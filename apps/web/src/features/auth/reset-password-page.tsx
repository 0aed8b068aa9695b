import { PlaceholderPage } from '../../components/placeholder-page';

export function ResetPasswordPage() {
  return (
    <PlaceholderPage
      title="Reset Password"
      description="This page will let you choose a new password from the link in your email. It is not built yet."
    />
  );
}
