import { BookMarked, Library, ListOrdered, PenLine, Settings, Shield, User } from 'lucide-react';

type AccountLink = {
  label: string;
  to: (username: string) => string;
  Icon: typeof User;
  /** Shown only below the md breakpoint, where the top bar hides its Write link. */
  mobileOnly?: boolean;
  /** Moderators and admins only: the moderation pages. */
  staffOnly?: boolean;
};

/** The avatar menu's links, shared with the mobile menu. */
export const accountLinks: AccountLink[] = [
  { label: 'Profile', to: (username) => `/profile/${encodeURIComponent(username)}`, Icon: User },
  { label: 'My Library', to: () => '/library', Icon: Library },
  { label: 'Reading Lists', to: () => '/lists', Icon: ListOrdered },
  { label: 'My Stories', to: () => '/my-stories', Icon: BookMarked },
  { label: 'Write Story', to: () => '/stories/create', Icon: PenLine, mobileOnly: true },
  { label: 'Settings', to: () => '/settings', Icon: Settings },
  { label: 'Moderation', to: () => '/admin', Icon: Shield, staffOnly: true },
];

/** The links `role` may see: the staff link for moderators and admins only. */
export const linksFor = (role: string | null | undefined) =>
  accountLinks.filter((link) => !link.staffOnly || role === 'moderator' || role === 'admin');
