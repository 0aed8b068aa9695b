import { clsx } from 'clsx';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useAuthStore } from '../../stores/auth-store';
import { linksFor } from './account-links';
import { UserTrigger } from './overlay-triggers';
import { useSignOut } from './use-sign-out';

export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const user = useAuthStore((state) => state.user);
  const signOut = useSignOut();

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60" data-testid="user-menu-content">
        <DropdownMenuLabel className="flex items-center gap-3 py-2">
          <Avatar name={user?.username} src={user?.profile_pic} className="size-10" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-foreground">
              {user?.username ?? 'Loading…'}
            </span>
            <span className="block truncate text-xs font-normal">{user?.email ?? ''}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {linksFor(user?.role).map(({ label, to, Icon, mobileOnly }) => (
          <DropdownMenuItem
            key={label}
            asChild
            disabled={label === 'Profile' && !user}
            className={clsx(mobileOnly && 'md:hidden')}
          >
            <Link to={to(user?.username ?? '')}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
