import type { UserSettings } from '@storyloom/shared';
import { LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { signOutEverywhere } from '../../../api/auth/sign-out-everywhere';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast';
import { useLeaveSession } from '../hooks/use-leave-session';
import type { SettingsForm } from '../hooks/use-settings-form';
import { SETTINGS_TEXT, SETTINGS_TOASTS } from '../messages';
import { SESSION_TIMEOUT_CHOICES } from '../model/options';
import { SessionsList } from './sessions-list';
import { FieldRow, SettingsSection, SwitchRow } from './setting-row';

export function SecurityTab({
  values,
  update,
}: {
  values: UserSettings;
  update: SettingsForm['update'];
}) {
  const timeoutId = useId();
  return (
    <div className="space-y-6">
      <SettingsSection title="Sign-in">
        <SwitchRow
          label="Two-factor authentication"
          description="A code from your phone in addition to your password"
          checked={false}
          onCheckedChange={() => undefined}
          disabled
          badge={
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              {SETTINGS_TEXT.comingSoon}
            </span>
          }
        />
        <FieldRow
          label="Auto-logout after inactivity"
          description={SETTINGS_TEXT.autoLogoutHint}
          descriptionId={`${timeoutId}-description`}
        >
          <label htmlFor={timeoutId} className="sr-only">
            Auto-logout after inactivity
          </label>
          <Select
            id={timeoutId}
            aria-describedby={`${timeoutId}-description`}
            value={String(values.sessionTimeout)}
            onChange={(event) =>
              update('sessionTimeout', Number(event.target.value) as UserSettings['sessionTimeout'])
            }
            className="max-w-xs"
          >
            {SESSION_TIMEOUT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </FieldRow>
        <SwitchRow
          label="Login alerts"
          description={SETTINGS_TEXT.loginAlertsHint}
          checked={values.loginAlerts}
          onCheckedChange={(checked) => update('loginAlerts', checked)}
        />
      </SettingsSection>
      <SettingsSection
        title={SETTINGS_TEXT.sessionsTitle}
        description={SETTINGS_TEXT.sessionsDescription}
      >
        <div className="py-4 first:pt-0 last:pb-0">
          <SessionsList />
        </div>
        <div className="space-y-3 py-4 first:pt-0 last:pb-0">
          <p className="text-sm text-muted-foreground">{SETTINGS_TEXT.signOutEverywhereHint}</p>
          <SignOutEverywhere />
        </div>
      </SettingsSection>
    </div>
  );
}

/** 'Sign Out of All Devices': ends every session on the server, this one included, then here. */
function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const leave = useLeaveSession();

  const confirm = async () => {
    setPending(true);
    try {
      await signOutEverywhere();
    } catch (error) {
      setPending(false);
      toast.error(
        SETTINGS_TOASTS.signOutEverywhereFailedTitle,
        errorMessage(error, SETTINGS_TOASTS.tryLater),
      );
      return;
    }
    leave('/auth/login');
    toast.info(SETTINGS_TOASTS.signedOutEverywhere);
  };

  return (
    <>
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" />
        {SETTINGS_TEXT.signOutEverywhere}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out of all devices?"
        description="Every browser and device signed in to your account, this one included, will be signed out."
        confirmLabel={SETTINGS_TEXT.signOutEverywhere}
        pendingLabel="Signing out..."
        pending={pending}
        destructive
        onConfirm={() => void confirm()}
      />
    </>
  );
}
