import { PlaceholderPage } from '../../components/placeholder-page';

export function LibraryPage() {
  return (
    <PlaceholderPage
      title="My Library"
      description="The stories you save will be listed here. Your library is not built yet."
    />
  );
}
