import { type ListedAccount, SAFETY_MESSAGES } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type HiddenKind, useHiddenAccounts } from '../../../api/me/get-hidden-accounts';
import { setBlocked, setMuted } from '../../../api/users/block-user';
import { ListError } from '../../../components/list-error';
import { LoadMore } from '../../../components/load-more';
import { failureToast } from '../../../components/social/use-toggle-action';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { pagedItems, pagedTotal } from '../../../lib/paging';
import { toast } from '../../../stores/toast';
import { SettingsSection } from './setting-row';

const KINDS = {
  blocks: {
    title: 'Blocked accounts',
    description:
      'They cannot follow you, comment on your stories, reply to or like your comments, or mention you, and you do not see their comments.',
    empty: SAFETY_MESSAGES.noBlocked,
    undo: 'Unblock',
    send: setBlocked,
    done: SAFETY_MESSAGES.unblocked,
    failed: SAFETY_MESSAGES.blockFailed,
    when: 'Blocked',
  },
  mutes: {
    title: 'Muted accounts',
    description: SAFETY_MESSAGES.muteHint,
    empty: SAFETY_MESSAGES.noMuted,
    undo: 'Unmute',
    send: setMuted,
    done: SAFETY_MESSAGES.unmuted,
    failed: SAFETY_MESSAGES.muteFailed,
    when: 'Muted',
  },
} as const;

/** Settings → Privacy: whom the user blocked or muted, each with its undo. */
export function HiddenAccounts({ kind }: { kind: HiddenKind }) {
  const text = KINDS[kind];
  const query = useHiddenAccounts(kind);
  const accounts = pagedItems(query.data);
  return (
    <SettingsSection title={text.title} description={text.description}>
      <div data-testid={`${kind}-list`}>
        {query.isPending ? (
          <div className="flex items-center gap-3 py-3" aria-hidden="true">
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : query.isError && !query.data ? (
          <ListError
            title={`Could not load ${text.title.toLowerCase()}`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : accounts.length === 0 ? (
          <p className="py-3 text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <>
            <ul className="divide-y">
              {accounts.map((account) => (
                <HiddenAccountRow key={account.id} kind={kind} account={account} />
              ))}
            </ul>
            <LoadMore
              shown={accounts.length}
              total={pagedTotal(query.data)}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>
    </SettingsSection>
  );
}

function HiddenAccountRow({ kind, account }: { kind: HiddenKind; account: ListedAccount }) {
  const text = KINDS[kind];
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function undo() {
    setPending(true);
    try {
      await text.send(account.username, false);
      toast.success(text.done);
      // Their stories and comments come back everywhere, not only in this list.
      await queryClient.invalidateQueries();
    } catch (error) {
      failureToast(text.failed, error);
    } finally {
      setPending(false);
    }
  }
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar name={account.username} src={account.profile_pic} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/profile/${encodeURIComponent(account.username)}`}
          className="block truncate font-medium hover:underline"
        >
          {account.username}
        </Link>
        <p className="text-xs text-muted-foreground">
          {text.when} {formatDate(account.created_at)}
        </p>
      </div>
      <Button variant="outline" size="sm" disabled={pending} onClick={() => void undo()}>
        {text.undo}
        <span className="sr-only"> {account.username}</span>
      </Button>
    </li>
  );
}
