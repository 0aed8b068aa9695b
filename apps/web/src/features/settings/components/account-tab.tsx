import type { Me } from '@storyloom/shared';
import { PRODUCT_NAME } from '@storyloom/shared';
import { BadgeCheck, Download, MailWarning, UserPen } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { resendVerification } from '../../../api/auth/resend-verification';
import { exportMyData } from '../../../api/me/export-my-data';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast';
import { SETTINGS_TEXT, SETTINGS_TOASTS } from '../messages';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './setting-row';

export function AccountTab({ user }: { user: Me }) {
  const ids = { username: useId(), email: useId() };
  return (
    <div className="space-y-6">
      <SettingsSection title="Account">
        <div className="space-y-5">
          <div className="space-y-1.5">
            <label htmlFor={ids.username} className="text-sm font-medium">
              Username
            </label>
            <Input
              id={ids.username}
              value={user.username}
              readOnly
              aria-describedby={`${ids.username}-hint`}
              className="bg-muted/60 text-muted-foreground"
            />
            <p id={`${ids.username}-hint`} className="text-xs text-muted-foreground">
              {SETTINGS_TEXT.usernameReadOnly}
            </p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.email} className="flex items-center gap-2 text-sm font-medium">
              Email
              {user.email_verified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:text-success">
                  <BadgeCheck className="size-3" aria-hidden="true" />
                  Verified
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-warning">
                  <MailWarning className="size-3" aria-hidden="true" />
                  Not verified
                </span>
              )}
            </label>
            <div className="flex gap-2">
              <Input
                id={ids.email}
                type="email"
                value={user.email}
                readOnly
                aria-describedby={`${ids.email}-hint`}
                className="bg-muted/60 text-muted-foreground"
              />
              <Button variant="outline" disabled>
                Verify
              </Button>
            </div>
            <p id={`${ids.email}-hint`} className="text-xs text-muted-foreground">
              {SETTINGS_TEXT.emailReadOnly}
            </p>
            {user.email_verified ? null : <ResendVerification />}
          </div>
        </div>
      </SettingsSection>

      <SettingsSection title="Password and profile">
        <div className="flex flex-wrap gap-2">
          <ChangePasswordDialog hasPassword={user.has_password} />
          <Link
            to={`/profile/${encodeURIComponent(user.username)}?edit=1`}
            className={buttonClasses({ variant: 'outline' })}
          >
            <UserPen aria-hidden="true" />
            {SETTINGS_TEXT.editProfile}
          </Link>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Your data"
        description={`Download everything you have on ${PRODUCT_NAME} as a JSON file: your profile, settings, stories with their chapters, follows, likes, saves and reading history.`}
      >
        <div>
          <ExportData />
        </div>
      </SettingsSection>

      <SettingsSection
        title="Danger zone"
        description="Deleting your account removes it and everything it owns, for good."
        className="border-destructive/40"
      >
        <div>
          <DeleteAccountDialog username={user.username} hasPassword={user.has_password} />
        </div>
      </SettingsSection>
    </div>
  );
}

function ResendVerification() {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await resendVerification();
      setState('sent');
      toast.success(SETTINGS_TOASTS.verificationSent);
    } catch (error) {
      setState('idle');
      toast.error(
        SETTINGS_TOASTS.verificationFailedTitle,
        errorMessage(error, SETTINGS_TOASTS.tryLater),
      );
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-muted-foreground">Didn't get the verification email?</span>
      {state === 'sent' ? (
        <span className="font-medium text-emerald-800 dark:text-success" role="status">
          Sent. Check your inbox.
        </span>
      ) : (
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
          onClick={() => void send()}
          disabled={state === 'sending'}
        >
          {state === 'sending' ? 'Sending...' : 'Resend verification email'}
        </button>
      )}
    </div>
  );
}

/** Export My Data: saves the server's JSON attachment under the name it gives. */
function ExportData() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const file = await exportMyData();
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.filename ?? 'Storyloom_data.json';
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the URL goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(SETTINGS_TOASTS.exported);
    } catch (error) {
      toast.error(SETTINGS_TOASTS.exportFailedTitle, errorMessage(error, SETTINGS_TOASTS.tryLater));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} disabled={pending} aria-busy={pending}>
      <Download aria-hidden="true" />
      {pending ? 'Preparing...' : SETTINGS_TEXT.exportData}
    </Button>
  );
}
