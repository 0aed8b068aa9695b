import { PlaceholderPage } from '../../components/placeholder-page';

export function MyStoriesPage() {
  return (
    <PlaceholderPage
      title="My Stories"
      description="The stories you have written, public and private, will be listed here. This page is not built yet."
    />
  );
}
