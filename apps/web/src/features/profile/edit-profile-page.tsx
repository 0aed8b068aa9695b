import { PlaceholderPage } from '../../components/placeholder-page';

export function EditProfilePage() {
  return (
    <PlaceholderPage
      title="Edit Profile"
      description="This page will let you change your profile picture and bio. It is not built yet."
    />
  );
}
