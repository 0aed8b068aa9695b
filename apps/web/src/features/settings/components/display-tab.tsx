import type { UserSettings } from '@storyloom/shared';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { SettingsForm } from '../hooks/use-settings-form';
import { FONT_SIZE_CHOICES, THEME_CHOICES } from '../model/options';
import { FieldRow, SettingsSection, SwitchRow } from './setting-row';

const themeIcons = { light: Sun, dark: Moon, system: Monitor } as const;

export function DisplayTab({
  values,
  update,
}: {
  values: UserSettings;
  update: SettingsForm['update'];
}) {
  const ids = { theme: useId(), font: useId() };
  return (
    <div className="space-y-6">
      <SettingsSection title="Appearance">
        <FieldRow label="Theme" description="Applies right away" labelId={ids.theme}>
          <RadioCards
            aria-labelledby={ids.theme}
            value={values.theme}
            onValueChange={(value) => update('theme', value)}
            options={THEME_CHOICES.map((choice) => ({
              ...choice,
              icon: themeIcons[choice.value],
            }))}
            className="sm:grid-cols-3"
          />
        </FieldRow>
        <FieldRow label="Default font size" description="For reading stories" labelId={ids.font}>
          <RadioCards
            aria-labelledby={ids.font}
            value={values.fontSize}
            onValueChange={(value) => update('fontSize', value)}
            options={FONT_SIZE_CHOICES}
            className="sm:grid-cols-3"
          />
        </FieldRow>
      </SettingsSection>
      <SettingsSection title="Reading">
        <SwitchRow
          label="Simplified reading mode"
          description="A calmer reader with fewer distractions"
          checked={values.readingMode}
          onCheckedChange={(checked) => update('readingMode', checked)}
        />
        <SwitchRow
          label="Show mature content"
          description="Include stories marked as mature"
          checked={values.showMatureContent}
          onCheckedChange={(checked) => update('showMatureContent', checked)}
        />
      </SettingsSection>
    </div>
  );
}
