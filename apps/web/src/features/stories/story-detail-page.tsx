import { PlaceholderPage } from '../../components/placeholder-page';

export function StoryDetailPage() {
  return (
    <PlaceholderPage
      title="Story"
      description="This page will show the story's cover, description, author, stats and chapters, with Start Reading, Like and Save. It is not built yet."
    />
  );
}
