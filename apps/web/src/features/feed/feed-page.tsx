import { PlaceholderPage } from '../../components/placeholder-page';

export function FeedPage() {
  return (
    <PlaceholderPage
      title="Your Feed"
      description="Stories picked for you, from authors you follow and trending this week, will appear here. The feed is not built yet."
    />
  );
}
