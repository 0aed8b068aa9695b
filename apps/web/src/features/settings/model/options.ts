import type { UserSettings } from '@storyloom/shared';

type Choice<K extends keyof UserSettings> = {
  value: UserSettings[K];
  label: string;
  description?: string;
};

/** The choices of each multiple-choice setting, with their labels. */
export const PROFILE_VISIBILITY_CHOICES: Choice<'profileVisibility'>[] = [
  { value: 'public', label: 'Public', description: 'Anyone can see your profile' },
  {
    value: 'friends',
    label: 'Following Only',
    description: 'Only people you follow can see your profile',
  },
  { value: 'private', label: 'Private', description: 'Only you can see your profile' },
];

export const ALLOW_MESSAGES_CHOICES: Choice<'allowMessages'>[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'following', label: 'People I follow' },
  { value: 'none', label: 'No one' },
];

export const STORY_VISIBILITY_CHOICES: Choice<'defaultStoryVisibility'>[] = [
  { value: 'public', label: 'Public', description: 'Anyone can read your story' },
  { value: 'private', label: 'Private', description: 'Only you can see this story' },
];

export const THEME_CHOICES: Choice<'theme'>[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System', description: 'Follows your device' },
];

export const FONT_SIZE_CHOICES: Choice<'fontSize'>[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

/** Auto-logout after inactivity, in days. */
export const SESSION_TIMEOUT_CHOICES: Choice<'sessionTimeout'>[] = [7, 14, 30, 90].map((days) => ({
  value: days as UserSettings['sessionTimeout'],
  label: `${days} days`,
}));

/** The allowed values of each multiple-choice setting, for checking a stored draft. */
export const CHOICES: Partial<Record<keyof UserSettings, readonly unknown[]>> = {
  profileVisibility: PROFILE_VISIBILITY_CHOICES.map((c) => c.value),
  allowMessages: ALLOW_MESSAGES_CHOICES.map((c) => c.value),
  defaultStoryVisibility: STORY_VISIBILITY_CHOICES.map((c) => c.value),
  theme: THEME_CHOICES.map((c) => c.value),
  fontSize: FONT_SIZE_CHOICES.map((c) => c.value),
  sessionTimeout: SESSION_TIMEOUT_CHOICES.map((c) => c.value),
};
