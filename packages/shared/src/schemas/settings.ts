import { z } from 'zod';
import { VISIBILITIES } from '../constants.js';
import { PEOPLE_MESSAGES } from '../messages-people.js';

/** The choices the Settings screen offers, as stored in the settings object below. */
export const PROFILE_VISIBILITIES = ['public', 'friends', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const ALLOW_MESSAGES = ['everyone', 'following', 'none'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
/** Auto-logout after inactivity, in days. */
export const SESSION_TIMEOUTS = [7, 14, 30, 90] as const;

/**
 * A user's settings, `GET`/`PUT /users/me/settings` (docs/api.md): camelCase keys, the names
 * the product's original client uses, so that client works against this API too.
 */
export const userSettings = z
  .object({
    profileVisibility: z.enum(PROFILE_VISIBILITIES),
    showEmail: z.boolean(),
    showReadingActivity: z.boolean(),
    allowMessages: z.enum(ALLOW_MESSAGES),
    defaultStoryVisibility: z.enum(VISIBILITIES),
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    notifyNewFollower: z.boolean(),
    notifyNewComment: z.boolean(),
    notifyNewVote: z.boolean(),
    notifyStoryUpdate: z.boolean(),
    notifyWeeklyDigest: z.boolean(),
    theme: z.enum(THEMES),
    fontSize: z.enum(FONT_SIZES),
    readingMode: z.boolean(),
    showMatureContent: z.boolean(),
    twoFactorEnabled: z.boolean().describe('Always false: two-factor sign-in is Coming Soon'),
    sessionTimeout: z.union(SESSION_TIMEOUTS.map((days) => z.literal(days))),
    loginAlerts: z.boolean(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof userSettings>;

/** What a user has until they change something (and what an unreadable stored value reads as). */
export const DEFAULT_SETTINGS: UserSettings = {
  profileVisibility: 'public',
  showEmail: false,
  showReadingActivity: true,
  allowMessages: 'everyone',
  defaultStoryVisibility: 'public',
  emailNotifications: true,
  pushNotifications: false,
  notifyNewFollower: true,
  notifyNewComment: true,
  notifyNewVote: true,
  notifyStoryUpdate: true,
  notifyWeeklyDigest: false,
  theme: 'system',
  fontSize: 'medium',
  readingMode: false,
  showMatureContent: false,
  twoFactorEnabled: false,
  sessionTimeout: 30,
  loginAlerts: true,
};

/**
 * `PUT /users/me/settings`: any subset of the fields, merged into the stored settings. Unknown
 * keys are refused (a typo must not silently do nothing); two-factor cannot be switched on yet.
 */
export const updateSettingsBody = z.strictObject(
  {
    ...userSettings.partial().shape,
    twoFactorEnabled: z
      .literal(false, { error: PEOPLE_MESSAGES.twoFactorComingSoon })
      .optional()
      .describe('Only false is accepted: two-factor sign-in is Coming Soon'),
    // The settings form's select sends strings; "30" means 30.
    sessionTimeout: z
      .preprocess(
        (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
        userSettings.shape.sessionTimeout,
      )
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? PEOPLE_MESSAGES.unknownSetting(issue.keys) : undefined,
  },
);
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

/**
 * Stored settings merged over the defaults. A stored value that no longer fits (an option
 * removed since) falls back to its default instead of breaking the user's settings.
 */
export function resolveSettings(stored: unknown): UserSettings {
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [key, field] of Object.entries(userSettings.shape)) {
      const value = (stored as Record<string, unknown>)[key];
      if (value !== undefined && field.safeParse(value).success) out[key] = value;
    }
  }
  out.twoFactorEnabled = false;
  return out as UserSettings;
}
