import type { UserSettings } from '@storyloom/shared';
import type { SettingsForm } from '../hooks/use-settings-form';
import { SETTINGS_TEXT } from '../messages';
import { SettingsSection, SwitchRow } from './setting-row';

type BooleanKey = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

const CHANNELS: {
  key: BooleanKey;
  label: string;
  description: string;
  /** Why the switch cannot be used, said beside it instead of a switch that does nothing. */
  unavailable?: string;
}[] = [
  { key: 'emailNotifications', label: 'Email notifications', description: 'Updates by email' },
  {
    key: 'pushNotifications',
    label: 'Push notifications',
    description: 'Alerts on this device',
    unavailable: SETTINGS_TEXT.pushUnavailable,
  },
];

const EVENTS: { key: BooleanKey; label: string; description: string }[] = [
  { key: 'notifyNewFollower', label: 'New follower', description: 'Someone follows you' },
  { key: 'notifyNewComment', label: 'New comment', description: 'Someone comments on your story' },
  { key: 'notifyNewVote', label: 'New vote', description: 'Someone likes your story' },
  {
    key: 'notifyStoryUpdate',
    label: 'Story update',
    description: 'An author you follow publishes a chapter',
  },
  {
    key: 'notifyWeeklyDigest',
    label: 'Weekly digest',
    description: 'A weekly summary of stories picked for you',
  },
];

export function NotificationsTab({
  values,
  update,
}: {
  values: UserSettings;
  update: SettingsForm['update'];
}) {
  return (
    <div className="space-y-6">
      <SettingsSection title="How we reach you">
        {CHANNELS.map(({ key, label, description, unavailable }) =>
          unavailable ? (
            <SwitchRow
              key={key}
              label={label}
              description={unavailable}
              checked={false}
              onCheckedChange={() => {}}
              disabled
              testId={`${key}-switch`}
            />
          ) : (
            <SwitchRow
              key={key}
              label={label}
              description={description}
              checked={values[key]}
              onCheckedChange={(checked) => update(key, checked)}
            />
          ),
        )}
      </SettingsSection>
      <SettingsSection title="What we tell you about">
        {EVENTS.map(({ key, label, description }) => (
          <SwitchRow
            key={key}
            label={label}
            description={description}
            checked={values[key]}
            onCheckedChange={(checked) => update(key, checked)}
          />
        ))}
      </SettingsSection>
    </div>
  );
}
