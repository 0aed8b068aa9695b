import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** /profile/:username and /users/:username. */
export function ProfilePage() {
  const { username = '' } = useParams();
  return (
    <PlaceholderPage
      title={`@${username}`}
      description="This profile will show the author's picture, bio, followers and published stories. It is not built yet."
    />
  );
}
