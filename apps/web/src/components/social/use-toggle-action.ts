import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useAuthStore } from '../../stores/auth-store';
import { toast } from '../../stores/toast';

export interface ToggleState {
  active: boolean;
  count: number;
}

interface ToggleOptions {
  initial: ToggleState;
  /** Calls the server to switch on (true) or off (false); resolves to the server's state. */
  send: (on: boolean) => Promise<Partial<ToggleState> | undefined>;
  /** Query keys whose data the change makes stale. */
  invalidate?: readonly (readonly unknown[])[];
  onSuccess?: (on: boolean) => void;
  onError: (on: boolean, error: unknown) => void;
}

/**
 * A like/save/follow switch: it flips at once, reconciles with the server's answer, and rolls
 * back (with the caller's error toast) when the server refuses. Visitors go to /auth/login.
 */
export function useToggleAction({
  initial,
  send,
  invalidate = [],
  onSuccess,
  onError,
}: ToggleOptions) {
  const [state, setState] = useState(initial);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A fresh payload from the server (after a refetch) wins over local state.
  useEffect(() => {
    setState({ active: initial.active, count: initial.count });
  }, [initial.active, initial.count]);

  const mutation = useMutation({
    mutationFn: (on: boolean) => send(on),
    onMutate: (on) => {
      const previous = state;
      setState({ active: on, count: Math.max(0, previous.count + (on ? 1 : -1)) });
      return { previous };
    },
    onSuccess: (server, on) => {
      setState((current) => ({
        active: server?.active ?? current.active,
        count: server?.count ?? current.count,
      }));
      onSuccess?.(on);
    },
    onError: (error, on, context) => {
      if (context) setState(context.previous);
      onError(on, error);
    },
    onSettled: () => {
      for (const key of invalidate) void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  function toggle() {
    if (!isAuthenticated) {
      navigate('/auth/login');
      return;
    }
    if (!mutation.isPending) mutation.mutate(!state.active);
  }

  return { ...state, toggle, pending: mutation.isPending };
}

/** The failure toast: a title and the server's message or a fallback. */
export function failureToast(title: string, error: unknown, fallback = 'Please try again later.') {
  toast.error(title, errorMessage(error, fallback));
}
