import { Bookmark, Compass, PenLine } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useSavedStories } from '../../../api/library/get-saved-stories';
import { useUserStories } from '../../../api/users/get-user-stories';
import { EmptyState } from '../../../components/empty-state';
import { PagedStoryGrid } from '../../../components/story/paged-story-grid';
import { buttonClasses } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { PROFILE_TEXT } from '../messages';

/** Someone else's public stories. */
export function PublicStories({ username }: { username: string }) {
  const stories = useUserStories(username, true);
  return (
    <section className="mt-8" aria-labelledby="profile-stories-heading">
      <h2 id="profile-stories-heading" className="mb-4 text-lg font-semibold">
        Stories
      </h2>
      <PagedStoryGrid
        query={stories}
        empty={<EmptyState icon={PenLine} title={PROFILE_TEXT.noPublishedStories} />}
      />
    </section>
  );
}

type OwnTab = 'stories' | 'saved';

/** The owner's tabs: STORIES (private ones badged) and SAVED. */
export function OwnStories({ username }: { username: string }) {
  const [params, setParams] = useSearchParams();
  const tab: OwnTab = params.get('tab') === 'saved' ? 'saved' : 'stories';
  const stories = useUserStories(username, tab === 'stories');
  const saved = useSavedStories(tab === 'saved');

  const select = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'saved') updated.set('tab', 'saved');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );

  return (
    <Tabs value={tab} onValueChange={select} className="mt-8">
      <TabsList className="sm:max-w-xs">
        <TabsTrigger value="stories">STORIES</TabsTrigger>
        <TabsTrigger value="saved">SAVED</TabsTrigger>
      </TabsList>
      <TabsContent value="stories">
        <PagedStoryGrid
          query={stories}
          showPrivateBadge
          empty={
            <EmptyState
              icon={PenLine}
              title={PROFILE_TEXT.noStoriesYet}
              description="Your stories will appear here once you write them."
              action={
                <Link to="/stories/create" className={buttonClasses()}>
                  {PROFILE_TEXT.createFirstStory}
                </Link>
              }
            />
          }
        />
      </TabsContent>
      <TabsContent value="saved">
        <PagedStoryGrid
          query={saved}
          empty={
            <EmptyState
              icon={Bookmark}
              title={PROFILE_TEXT.noSavedStories}
              description="Save stories you want to read later and they will show up here."
              action={
                <Link to="/stories" className={buttonClasses()}>
                  <Compass aria-hidden="true" />
                  {PROFILE_TEXT.exploreStories}
                </Link>
              }
            />
          }
        />
      </TabsContent>
    </Tabs>
  );
}
