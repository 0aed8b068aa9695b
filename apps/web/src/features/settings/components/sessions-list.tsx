import { AUTH_MESSAGES, type SessionView } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Globe, Laptop, type LucideIcon, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { endSession } from '../../../api/me/end-session';
import { useSessions } from '../../../api/me/get-sessions';
import { meKeys } from '../../../api/me/keys';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list-error';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast';
import { useLeaveSession } from '../hooks/use-leave-session';
import { SETTINGS_TEXT, SETTINGS_TOASTS } from '../messages';
import {
  type DeviceKind,
  deviceKind,
  lastActiveLabel,
  networkLabel,
  orderSessions,
  signInMethodLabel,
} from '../model/sessions';

const DEVICE_ICONS: Record<DeviceKind, LucideIcon> = {
  phone: Smartphone,
  computer: Laptop,
  other: Globe,
};

/** "Where you're signed in": every live session, each with its own Sign out. */
export function SessionsList() {
  const query = useSessions();
  const queryClient = useQueryClient();
  const leave = useLeaveSession();
  const [ending, setEnding] = useState<string | null>(null);
  const [confirmCurrent, setConfirmCurrent] = useState<SessionView | null>(null);

  const end = async (session: SessionView) => {
    setEnding(session.id);
    try {
      await endSession(session.id);
    } catch (error) {
      setEnding(null);
      setConfirmCurrent(null);
      // A 401 has already signed this browser out (lib/api.ts); a 404 means it ended meanwhile.
      if (error instanceof ApiError && error.status === 401) return;
      toast.error(
        SETTINGS_TOASTS.sessionEndFailedTitle,
        errorMessage(error, SETTINGS_TOASTS.tryLater),
      );
      void queryClient.invalidateQueries({ queryKey: meKeys.sessions });
      return;
    }
    if (session.current) {
      leave('/auth/login');
      toast.info(AUTH_MESSAGES.signedOut);
      return;
    }
    queryClient.setQueryData<SessionView[]>(meKeys.sessions, (list) =>
      list?.filter((s) => s.id !== session.id),
    );
    setEnding(null);
    toast.success(AUTH_MESSAGES.sessionEnded);
  };

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading sessions" data-testid="sessions-loading">
        <ul className="divide-y" aria-hidden="true">
          {[0, 1].map((key) => (
            <li key={key} className="flex items-center gap-3 py-4 first:pt-0">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3.5 w-56 max-w-full" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ListError
        title={SETTINGS_TEXT.sessionsLoadFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const sessions = orderSessions(query.data ?? []);
  if (sessions.length === 0) {
    return (
      <EmptyState icon={MonitorSmartphone} title={SETTINGS_TEXT.noSessions} className="py-8" />
    );
  }
  return (
    <>
      <ul className="divide-y" aria-label={SETTINGS_TEXT.sessionsTitle} data-testid="sessions">
        {sessions.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            pending={ending === session.id}
            onSignOut={() => (session.current ? setConfirmCurrent(session) : void end(session))}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={confirmCurrent !== null}
        onOpenChange={(open) => (open ? undefined : setConfirmCurrent(null))}
        title="Sign out of this device?"
        description="This browser will be signed out, and you will need to sign in again to use it."
        confirmLabel={SETTINGS_TEXT.signOutSession}
        pendingLabel={SETTINGS_TEXT.signingOut}
        pending={confirmCurrent !== null && ending === confirmCurrent.id}
        destructive
        onConfirm={() => (confirmCurrent ? void end(confirmCurrent) : undefined)}
      />
    </>
  );
}

function SessionRow({
  session,
  pending,
  onSignOut,
}: {
  session: SessionView;
  pending: boolean;
  onSignOut: () => void;
}) {
  const Icon = DEVICE_ICONS[deviceKind(session.device)];
  const where = [signInMethodLabel(session.method), networkLabel(session.network)].filter(
    (part): part is string => Boolean(part),
  );
  return (
    <li
      className="flex flex-wrap items-start gap-x-3 gap-y-3 py-4 first:pt-0 last:pb-0 sm:items-center"
      data-testid="session"
      data-current={session.current ? 'true' : undefined}
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
          <span className="min-w-0 break-words" data-testid="session-device">
            {session.device}
          </span>
          {session.current ? (
            <span
              className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary"
              data-testid="this-device"
            >
              {SETTINGS_TEXT.thisDevice}
            </span>
          ) : null}
        </p>
        {/* One line on wide screens; on phones each part gets its own, never split in two. */}
        <p className="mt-0.5 break-words text-sm text-muted-foreground">
          {where.map((part, index) => (
            <span key={part} className={index > 0 ? 'block sm:inline' : undefined}>
              {index > 0 ? (
                <span className="hidden sm:inline" aria-hidden="true">
                  {' · '}
                </span>
              ) : null}
              {part}
            </span>
          ))}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={session.last_used_at}>{lastActiveLabel(session)}</time>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="ml-[3.25rem] sm:ml-0"
        onClick={onSignOut}
        disabled={pending}
        aria-busy={pending}
        aria-label={`${SETTINGS_TEXT.signOutSession} ${session.device}${session.current ? ` (${SETTINGS_TEXT.thisDevice.toLowerCase()})` : ''}`}
      >
        {pending ? SETTINGS_TEXT.signingOut : SETTINGS_TEXT.signOutSession}
      </Button>
    </li>
  );
}
