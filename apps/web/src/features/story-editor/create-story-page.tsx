import { PlaceholderPage } from '../../components/placeholder-page';

export function CreateStoryPage() {
  return (
    <PlaceholderPage
      title="Create a Story"
      description="This page will let you add a cover, details, chapters and visibility, then publish. It is not built yet."
    />
  );
}
