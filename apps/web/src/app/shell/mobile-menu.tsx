import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { buttonClasses } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { useAuthStore } from '../../stores/auth-store';
import { linksFor } from './account-links';
import { BrandMark } from './brand-logo';
import { genreHref, mobileGenres } from './genre-links';
import { MobileMenuTrigger } from './overlay-triggers';
import { useSignOut } from './use-sign-out';

const linkClasses =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground';

/** The hamburger menu under the md breakpoint: six genres, all categories, and account links. */
export function MobileMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const user = useAuthStore((state) => state.user);
  const signOut = useSignOut();
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <MobileMenuTrigger />
      </DialogTrigger>
      <DialogContent side="left" closeLabel="Close menu" aria-describedby={undefined}>
        <DialogTitle className="flex items-center gap-2 pr-10">
          <BrandMark className="size-7" />
          Menu
        </DialogTitle>

        <nav aria-label="Browse genres" className="mt-6">
          <h2 className="px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Browse
          </h2>
          <ul className="mt-2 grid grid-cols-2 gap-0.5">
            {mobileGenres.map((genre) => (
              <li key={genre}>
                <Link to={genreHref(genre)} onClick={close} className={linkClasses}>
                  {genre}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/stories" onClick={close} className={`${linkClasses} mt-1 text-primary`}>
            View All Categories
          </Link>
        </nav>

        <div className="mt-6 border-t pt-6">
          {isAuthenticated ? (
            <nav aria-label="Account">
              <div className="flex items-center gap-3 px-3 pb-3">
                <Avatar name={user?.username} src={user?.profile_pic} className="size-10" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">{user?.username ?? 'Loading…'}</p>
                  <p className="truncate text-xs text-muted-foreground">{user?.email ?? ''}</p>
                </div>
              </div>
              <ul>
                {linksFor(user?.role)
                  .filter(({ label }) => user || label !== 'Profile')
                  .map(({ label, to, Icon }) => (
                    <li key={label}>
                      <Link to={to(user?.username ?? '')} onClick={close} className={linkClasses}>
                        <Icon aria-hidden="true" />
                        {label}
                      </Link>
                    </li>
                  ))}
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      signOut();
                    }}
                    className={`${linkClasses} w-full`}
                  >
                    <LogOut aria-hidden="true" />
                    Sign Out
                  </button>
                </li>
              </ul>
            </nav>
          ) : (
            <div className="flex flex-col gap-2">
              <Link
                to="/auth/login"
                onClick={close}
                className={buttonClasses({ variant: 'outline', className: 'w-full' })}
              >
                Sign In
              </Link>
              <Link
                to="/auth/signup"
                onClick={close}
                className={buttonClasses({ className: 'w-full' })}
              >
                Sign Up to Write
              </Link>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
