import { Bookmark, BookOpenText, Compass, Heart } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useContinueReading } from '../../api/library/get-continue-reading';
import { useLikedStories } from '../../api/library/get-liked-stories';
import { useSavedStories } from '../../api/library/get-saved-stories';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { PagedStoryGrid } from '../../components/story/paged-story-grid';
import { buttonClasses } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ContinueReadingList } from './components/continue-reading-list';
import { SavedStories } from './components/saved-stories';

const TABS = ['saved', 'liked', 'reading'] as const;
type LibraryTab = (typeof TABS)[number];
const isTab = (value: string | null): value is LibraryTab =>
  (TABS as readonly (string | null)[]).includes(value);

const explore = (
  <Link to="/stories" className={buttonClasses()}>
    <Compass aria-hidden="true" />
    Explore Stories
  </Link>
);

/**
 * /library: saved, liked and continue-reading lists, each paged from the server. Saved stories
 * can be kept offline (components/saved-stories.tsx).
 */
export function LibraryPage() {
  const [params, setParams] = useSearchParams();
  const value = params.get('tab');
  const tab: LibraryTab = isTab(value) ? value : 'saved';
  const saved = useSavedStories(tab === 'saved');
  const liked = useLikedStories(tab === 'liked');
  const reading = useContinueReading(tab === 'reading');

  const select = (next: string) =>
    setParams(next === 'saved' ? {} : { tab: next }, { replace: true });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10" data-testid="library-page">
      <PageTitle title="My Library" />
      <h1 className="font-serif text-3xl font-bold tracking-tight">My Library</h1>
      <p className="mt-1 text-muted-foreground">
        Stories you saved, stories you liked, and where you left off.
      </p>
      <Tabs value={tab} onValueChange={select} className="mt-6">
        <TabsList className="sm:max-w-md">
          <TabsTrigger value="saved">
            <Bookmark aria-hidden="true" />
            Saved
          </TabsTrigger>
          <TabsTrigger value="liked">
            <Heart aria-hidden="true" />
            Liked
          </TabsTrigger>
          <TabsTrigger value="reading">
            <BookOpenText aria-hidden="true" />
            Continue Reading
          </TabsTrigger>
        </TabsList>
        <TabsContent value="saved">
          <SavedStories
            query={saved}
            empty={
              <EmptyState
                icon={Bookmark}
                title="No saved stories"
                description="Save stories you want to read later and they will show up here."
                action={explore}
              />
            }
          />
        </TabsContent>
        <TabsContent value="liked">
          <PagedStoryGrid
            query={liked}
            empty={
              <EmptyState
                icon={Heart}
                title="No liked stories"
                description="Stories you like are collected here."
                action={explore}
              />
            }
          />
        </TabsContent>
        <TabsContent value="reading">
          <ContinueReadingList query={reading} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
