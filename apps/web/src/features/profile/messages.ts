/** The profile screens' words. */
export const PROFILE_TEXT = {
  editProfile: 'Edit Profile',
  userNotFound: 'User not found',
  browseStories: 'Browse Stories',
  noStoriesYet: 'No stories yet',
  createFirstStory: 'Create Your First Story',
  noPublishedStories: 'No published stories',
  noSavedStories: 'No saved stories',
  exploreStories: 'Explore Stories',
  usernameReadOnly: 'Username cannot be changed',
  emailReadOnly: 'To change your email, go to account settings',
  photoPending: 'New photo selected. Click save to apply changes.',
  photoRemovalPending: 'Your photo will be removed when you save.',
  cropTitle: 'Crop Profile Picture',
  applyCrop: 'Apply Crop',
  saving: 'Saving...',
  saveChanges: 'Save Changes',
  comingSoon: 'Coming soon',
  copyLink: 'Copy profile link',
} as const;

/** Toasts. */
export const PROFILE_TOASTS = {
  loadFailed: ['Error', 'Failed to load profile data'],
  updateFailedTitle: 'Failed to update profile',
  pictureFailedTitle: 'Failed to update profile picture',
  tryLater: 'Please try again later.',
  updateFailed: ['Update failed', 'Failed to update your profile. Please try again.'],
  cropFailed: ['Error', 'Failed to crop image. Please try again.'],
  tooLarge: ['File too large', 'Profile picture must be less than 5MB'],
  profileUpdated: 'Profile updated!',
  pictureUpdated: 'Profile picture updated!',
  pictureRemoved: 'Profile picture removed',
  linkCopied: 'Link copied!',
  copyFailed: 'Could not copy the link',
} as const;
