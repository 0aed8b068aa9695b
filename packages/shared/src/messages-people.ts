/**
 * Profiles, follows, likes, saves, settings and data export: what users read, word for word as
 * the product specifies it where it does. Zod-free, so the web bundle can import strings alone.
 */
export const PEOPLE_MESSAGES = {
  userNotFound: 'User not found',
  profilePrivate: 'This profile is private',
  cannotFollowSelf: 'You cannot follow yourself',
  followed: 'Following!',
  unfollowed: 'Unfollowed',
  followFailed: 'Failed to follow user',
  unfollowFailed: 'Failed to unfollow user',
  followStatusFailed: 'Failed to update follow status',
  liked: 'Liked',
  unliked: 'Like removed',
  saved: 'Saved to your library',
  unsaved: 'Removed from saved',
  profilePicTooLargeTitle: 'File too large',
  profilePicTooLarge: 'Profile picture must be less than 5MB',
  profilePicUpdated: 'Profile picture updated!',
  profilePicRemoved: 'Profile picture removed',
  profilePicFailed: 'Failed to update profile picture',
  settingsSaved: 'Settings saved',
  settingsFailed: 'Failed to save settings. Please try again.',
  unknownSetting: (keys: readonly string[]) =>
    `Unknown setting${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`,
  twoFactorComingSoon: 'Two-factor authentication is Coming Soon',
  dataExported: 'Data exported',
} as const;
