import { PlaceholderPage } from '../../components/placeholder-page';

export function ReaderPage() {
  return (
    <PlaceholderPage
      title="Reader"
      description="This page will show the story chapter by chapter, with reading settings and a chapter list. It is not built yet."
    />
  );
}
