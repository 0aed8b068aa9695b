import { BookMarked, Library, PenLine, Settings, User } from 'lucide-react';

type AccountLink = {
  label: string;
  to: (username: string) => string;
  Icon: typeof User;
  /** Shown only below the md breakpoint, where the top bar hides its Write link. */
  mobileOnly?: boolean;
};

/** The avatar menu's links, shared with the mobile menu. */
export const accountLinks: AccountLink[] = [
  { label: 'Profile', to: (username) => `/profile/${encodeURIComponent(username)}`, Icon: User },
  { label: 'My Library', to: () => '/library', Icon: Library },
  { label: 'My Stories', to: () => '/my-stories', Icon: BookMarked },
  { label: 'Write Story', to: () => '/stories/create', Icon: PenLine, mobileOnly: true },
  { label: 'Settings', to: () => '/settings', Icon: Settings },
];
