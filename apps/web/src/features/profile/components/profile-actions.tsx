import { Link2, MessageCircle, MoreHorizontal, Pencil, Settings } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { userKeys } from '../../../api/users/keys';
import { FollowButton } from '../../../components/social/follow-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
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

/** Someone else's profile: Follow/Following, Message (not available yet) and a menu. */
export function OtherProfileActions({
  username,
  following,
  followers,
  onFollowState,
}: {
  username: string;
  following: boolean;
  followers: number;
  onFollowState: (following: boolean, followers: number) => void;
}) {
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
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
