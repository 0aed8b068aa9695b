import type { UserSettings } from '@storyloom/shared';
import { Globe, Lock, Users } from 'lucide-react';
import { useId } from 'react';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { SettingsForm } from '../hooks/use-settings-form';
import {
  ALLOW_MESSAGES_CHOICES,
  PROFILE_VISIBILITY_CHOICES,
  STORY_VISIBILITY_CHOICES,
} from '../model/options';
import { HiddenAccounts } from './hidden-accounts';
import { FieldRow, SettingsSection, SwitchRow } from './setting-row';

const visibilityIcons = { public: Globe, friends: Users, private: Lock } as const;

export function PrivacyTab({
  values,
  update,
}: {
  values: UserSettings;
  update: SettingsForm['update'];
}) {
  const ids = { profile: useId(), messages: useId(), stories: useId() };
  return (
    <div className="space-y-6">
      <SettingsSection title="Profile" description="Who can see your profile and what it shows.">
        <FieldRow label="Profile visibility" labelId={ids.profile}>
          <RadioCards
            aria-labelledby={ids.profile}
            value={values.profileVisibility}
            onValueChange={(value) => update('profileVisibility', value)}
            options={PROFILE_VISIBILITY_CHOICES.map((choice) => ({
              ...choice,
              icon: visibilityIcons[choice.value],
            }))}
            className="lg:grid-cols-3"
          />
        </FieldRow>
        <SwitchRow
          label="Show email"
          description="Show your email address on your profile"
          checked={values.showEmail}
          onCheckedChange={(checked) => update('showEmail', checked)}
        />
        <SwitchRow
          label="Show reading activity"
          description="Let others see what you are reading"
          checked={values.showReadingActivity}
          onCheckedChange={(checked) => update('showReadingActivity', checked)}
        />
      </SettingsSection>
      <SettingsSection title="Messages">
        <FieldRow label="Allow messages from" labelId={ids.messages}>
          <RadioCards
            aria-labelledby={ids.messages}
            value={values.allowMessages}
            onValueChange={(value) => update('allowMessages', value)}
            options={ALLOW_MESSAGES_CHOICES}
            className="sm:grid-cols-3"
          />
        </FieldRow>
      </SettingsSection>
      <SettingsSection title="Stories">
        <FieldRow
          label="Default story visibility"
          description="Pre-selected when you create a new story"
          labelId={ids.stories}
        >
          <RadioCards
            aria-labelledby={ids.stories}
            value={values.defaultStoryVisibility}
            onValueChange={(value) => update('defaultStoryVisibility', value)}
            options={STORY_VISIBILITY_CHOICES.map((choice) => ({
              ...choice,
              icon: choice.value === 'public' ? Globe : Lock,
            }))}
          />
        </FieldRow>
      </SettingsSection>
      {/* Blocks and mutes apply at once, apart from the settings form's Save. */}
      <HiddenAccounts kind="blocks" />
      <HiddenAccounts kind="mutes" />
    </div>
  );
}
