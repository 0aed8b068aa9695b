import type { Visibility } from '@storyloom/shared';
import { Globe, Lock } from 'lucide-react';
import { useId } from 'react';
import { RadioCards } from '../../../components/ui/radio-cards';
import { EDITOR_MESSAGES } from '../messages';

const OPTIONS = [
  {
    value: 'public',
    label: 'Public',
    description: EDITOR_MESSAGES.visibilityPublicHint,
    icon: Globe,
  },
  {
    value: 'private',
    label: 'Private',
    description: EDITOR_MESSAGES.visibilityPrivateHint,
    icon: Lock,
  },
] as const;

export function VisibilityCards({
  value,
  onChange,
  disabled,
}: {
  value: Visibility;
  onChange: (value: Visibility) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-3">
      <legend id={id} className="text-sm font-medium text-foreground">
        Visibility
      </legend>
      <RadioCards
        aria-labelledby={id}
        value={value}
        onValueChange={onChange}
        options={OPTIONS}
        {...(disabled === undefined ? {} : { disabled })}
      />
    </fieldset>
  );
}
