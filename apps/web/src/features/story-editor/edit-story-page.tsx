import { PlaceholderPage } from '../../components/placeholder-page';

export function EditStoryPage() {
  return (
    <PlaceholderPage
      title="Edit Story"
      description="This page will let you change your story details, chapters and settings. It is not built yet."
    />
  );
}
