import { SAFETY_MESSAGES } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Ban,
  Flag,
  Link2,
  MessageCircle,
  MoreHorizontal,
  Pencil,
  Settings,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { type Ref, useState } from 'react';
import { Link } from 'react-router';
import { setBlocked, setMuted } from '../../../api/users/block-user';
import { userKeys } from '../../../api/users/keys';
import { ReportDialog } from '../../../components/report-dialog';
import { FollowButton } from '../../../components/social/follow-button';
import { failureToast } from '../../../components/social/use-toggle-action';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
import { toast } from '../../../stores/toast';
import { PROFILE_TEXT, PROFILE_TOASTS } from '../messages';

/** Own profile: Edit Profile (`editRef`: focus comes back to it) and the settings button. */
export function OwnProfileActions({
  onEdit,
  editRef,
}: {
  onEdit: () => void;
  editRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" onClick={onEdit} ref={editRef} data-testid="edit-profile">
        <Pencil aria-hidden="true" />
        {PROFILE_TEXT.editProfile}
      </Button>
      <Link
        to="/settings"
        aria-label="Settings"
        title="Settings"
        className={buttonClasses({ variant: 'outline', size: 'icon' })}
      >
        <Settings aria-hidden="true" />
      </Link>
    </div>
  );
}

async function copyProfileLink(username: string) {
  const url = new URL(`/profile/${encodeURIComponent(username)}`, window.location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
    toast.success(PROFILE_TOASTS.linkCopied);
  } catch {
    toast.error(PROFILE_TOASTS.copyFailed, url);
  }
}

/**
 * Block / Unblock and Mute / Unmute of the profile's menu. A block asks first, saying what it
 * does; a mute does not (it only changes what the user sees). Afterwards every list on screen
 * is fetched again: a mute takes the person's stories out of them.
 */
function useHideActions(username: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = async (
    send: () => Promise<unknown>,
    success: string,
    failure: string,
  ): Promise<boolean> => {
    setPending(true);
    try {
      await send();
      toast.success(success);
      await queryClient.invalidateQueries();
      return true;
    } catch (error) {
      failureToast(failure, error);
      return false;
    } finally {
      setPending(false);
    }
  };
  return {
    pending,
    block: (on: boolean) =>
      run(
        () => setBlocked(username, on),
        on ? SAFETY_MESSAGES.blocked : SAFETY_MESSAGES.unblocked,
        SAFETY_MESSAGES.blockFailed,
      ),
    mute: (on: boolean) =>
      run(
        () => setMuted(username, on),
        on ? SAFETY_MESSAGES.muted : SAFETY_MESSAGES.unmuted,
        SAFETY_MESSAGES.muteFailed,
      ),
  };
}

/** Someone else's profile: Follow/Following, Message (not available yet) and a menu. */
export function OtherProfileActions({
  username,
  following,
  followers,
  blocked,
  muted,
  onFollowState,
}: {
  username: string;
  following: boolean;
  followers: number;
  /** The caller blocked / muted this user. */
  blocked: boolean;
  muted: boolean;
  onFollowState: (following: boolean, followers: number) => void;
}) {
  const hide = useHideActions(username);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <div className="flex gap-2">
      <FollowButton
        username={username}
        following={following}
        followers={followers}
        size="md"
        onStateChange={onFollowState}
        invalidate={[userKeys.profiles]}
      />
      <Tooltip content={PROFILE_TEXT.comingSoon}>
        {/* aria-disabled keeps it focusable, so keyboard users hear the tooltip too. */}
        <Button
          variant="outline"
          aria-disabled="true"
          className="cursor-not-allowed opacity-60 hover:bg-background"
          onClick={(event) => event.preventDefault()}
          data-testid="message-button"
        >
          <MessageCircle aria-hidden="true" />
          Message
        </Button>
      </Tooltip>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="More options">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => void copyProfileLink(username)}>
            <Link2 aria-hidden="true" />
            {PROFILE_TEXT.copyLink}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={hide.pending}
            onSelect={() => void hide.mute(!muted)}
            data-testid="mute-user"
          >
            {muted ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
            {muted ? `Unmute ${username}` : `Mute ${username}`}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={hide.pending}
            onSelect={() => (blocked ? void hide.block(false) : setConfirmBlock(true))}
            className={blocked ? undefined : 'text-destructive focus:text-destructive'}
            data-testid="block-user"
          >
            <Ban aria-hidden="true" />
            {blocked ? `Unblock ${username}` : `Block ${username}`}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => setReporting(true)}
            className="text-destructive focus:text-destructive"
            data-testid="report-user"
          >
            <Flag aria-hidden="true" />
            {`Report ${username}`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        target="user"
        targetId={username}
        name={username}
      />
      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={SAFETY_MESSAGES.blockConfirmTitle(username)}
        description={SAFETY_MESSAGES.blockConfirmBody}
        confirmLabel="Block"
        pendingLabel="Blocking…"
        pending={hide.pending}
        destructive
        onConfirm={async () => {
          if (await hide.block(true)) setConfirmBlock(false);
        }}
      />
    </div>
  );
}
