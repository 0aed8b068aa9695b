import { QueryClient } from '@tanstack/react-query';

const FIVE_MINUTES = 5 * 60 * 1000;

/** The data cache: one retry, 5-minute stale time and retention, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 1,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
