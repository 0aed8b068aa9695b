import { Link } from 'react-router';
import { useUserLists } from '../../../api/lists/get-lists';
import { ListCard } from '../../../components/lists/list-card';
import { buttonClasses } from '../../../components/ui/button';

/**
 * A profile's reading lists: the public ones (the owner also sees their private ones, badged).
 * Nothing shows for someone with no lists to show.
 */
export function ProfileLists({ username, isMe }: { username: string; isMe: boolean }) {
  const lists = useUserLists(username, true);
  if (!lists.data || (lists.data.length === 0 && !isMe)) return null;
  return (
    <section className="mt-10" aria-labelledby="profile-lists-heading" data-testid="profile-lists">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="profile-lists-heading" className="text-lg font-semibold">
          Reading lists
        </h2>
        {isMe ? (
          <Link to="/lists" className={buttonClasses({ variant: 'link' })}>
            Manage lists
          </Link>
        ) : null}
      </div>
      {lists.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No reading lists yet. Use “Add to list” on a story to start one.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {lists.data.map((list) => (
            <li key={list.id}>
              <ListCard list={list} showOwner={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
