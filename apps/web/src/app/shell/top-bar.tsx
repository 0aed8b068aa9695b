import { clsx } from 'clsx';
import { PenLine } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useAuthStore } from '../../stores/auth-store';
import { BrandLogo } from './brand-logo';
import { BrowseMenu, MobileMenu, NotificationsMenu, ThemeToggle, UserMenu } from './lazy-overlays';
import { SearchBox } from './search-box';

export function TopBar() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  // Discover has its own search box at the top of the page: on a phone one is enough.
  const { pathname } = useLocation();
  const onDiscover = pathname === '/stories' || pathname === '/stories/search';

  return (
    // data-top-bar: the reader slides it away while reading on a phone (features/reader/reader.css).
    <header data-top-bar className="top-bar">
      <div className="top-bar-row">
        <MobileMenu />
        <BrandLogo />
        <nav aria-label="Main" className="hidden md:block">
          <BrowseMenu />
        </nav>
        <SearchBox
          className={clsx(
            'order-last w-full md:order-none md:block md:max-w-md md:flex-1',
            onDiscover && 'hidden',
          )}
        />

        <div className="ml-auto flex items-center gap-1">
          {isAuthenticated ? (
            <>
              <div className="hidden md:flex">
                <Link to="/stories/create" className={buttonClasses({ variant: 'ghost' })}>
                  <PenLine aria-hidden="true" />
                  Write
                </Link>
              </div>
              <ThemeToggle />
              <NotificationsMenu />
              <div className="ml-1 flex">
                <UserMenu />
              </div>
            </>
          ) : (
            <>
              <ThemeToggle />
              {/* On phones these live in the mobile menu. */}
              <div className="hidden items-center gap-2 md:flex">
                <Link to="/auth/login" className={buttonClasses({ variant: 'ghost' })}>
                  Sign In
                </Link>
                <Link to="/auth/signup" className={buttonClasses()}>
                  Sign Up
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
