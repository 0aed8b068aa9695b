import type { ListedAccount } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { meKeys } from './keys';

export const HIDDEN_ACCOUNTS_PAGE_SIZE = 20;
export type HiddenKind = 'blocks' | 'mutes';

/** `GET /users/me/blocks` or `/users/me/mutes`: whom the user blocked or muted, newest first. */
export const hiddenAccountsQueryOptions = (kind: HiddenKind) =>
  pagedListQueryOptions<ListedAccount>(
    meKeys.hidden(kind),
    `/users/me/${kind}`,
    HIDDEN_ACCOUNTS_PAGE_SIZE,
  );

export const useHiddenAccounts = (kind: HiddenKind) =>
  useInfiniteQuery(hiddenAccountsQueryOptions(kind));
