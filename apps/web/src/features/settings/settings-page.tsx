import { PlaceholderPage } from '../../components/placeholder-page';

export function SettingsPage() {
  return (
    <PlaceholderPage
      title="Settings"
      description="Account, privacy, notification, display and security settings will live here. They are not built yet."
    />
  );
}
