/** The settings screen's words. */
export const SETTINGS_TEXT = {
  title: 'Settings',
  back: 'Back',
  saveChanges: 'Save Changes',
  saving: 'Saving...',
  unsaved: 'Unsaved changes',
  usernameReadOnly: 'Usernames cannot be changed',
  emailReadOnly: 'Contact support to change your email',
  changePassword: 'Change Password',
  editProfile: 'Edit Profile',
  exportData: 'Export My Data',
  deleteAccount: 'Delete Account',
  comingSoon: 'Coming Soon',
  pushUnavailable:
    'Push notifications are not available yet: Storyloom does not send browser push messages.',
  signOutEverywhere: 'Sign Out of All Devices',
  signOutEverywhereHint:
    'Signs you out everywhere, this browser included. You will need to sign in again.',
  sessionsTitle: "Where you're signed in",
  sessionsDescription:
    "Browsers and devices signed in to your account. Sign out any you don't recognise.",
  sessionsLoadFailed: "Could not load where you're signed in",
  noSessions: 'No sign-ins to show',
  thisDevice: 'This device',
  signOutSession: 'Sign out',
  signingOut: 'Signing out...',
  autoLogoutHint: "Signs out any browser or device that hasn't used your account for this long.",
  loginAlertsHint:
    'Email me when my account signs in on a browser or device it has not used before',
  passwordTooShortHint: 'Password must be at least 8 characters',
  passwordMismatchHint: "Passwords don't match",
  typeUsername: 'Please type your username to confirm deletion',
  deleteReauthHint:
    'Your account signs in with Google. To confirm it is you, delete it within 10 minutes of signing in with Google. If it has been longer, sign in with Google again, then come back here.',
  signInWithGoogleAgain: 'Sign in with Google again',
} as const;

/** Toasts: [title, description]. */
export const SETTINGS_TOASTS = {
  saved: 'Settings saved',
  saveFailed: ['Error', 'Failed to save settings. Please try again.'],
  loadFailed: ['Error', 'Failed to load settings'],
  required: ['Required fields', 'Please fill in all password fields'],
  mismatch: ["Passwords don't match", 'New password and confirmation must match'],
  tooShort: ['Password too short', 'Password must be at least 8 characters'],
  passwordChanged: 'Password changed',
  passwordFailedTitle: 'Failed to change password',
  passwordFailedFallback: 'Please check your current password and try again.',
  confirmationRequired: ['Confirmation required', 'Please type your username to confirm deletion'],
  accountDeleted: 'Account deleted',
  deleteFailed: ['Error', 'Failed to delete account. Please try again.'],
  exported: 'Data exported',
  exportFailedTitle: 'Failed to export data',
  signedOutEverywhere: 'Signed out of all devices',
  signOutEverywhereFailedTitle: 'Failed to sign out of all devices',
  sessionEndFailedTitle: 'Failed to sign out that device',
  verificationSent: 'Verification email sent',
  verificationFailedTitle: 'Failed to send verification email',
  tryLater: 'Please try again later.',
} as const;
