import { clsx } from 'clsx';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { changePassword } from '../../../api/me/change-password';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { SETTINGS_TEXT, SETTINGS_TOASTS } from '../messages';
import { passwordChangeProblem, passwordHints } from '../model/password-rules';
import { serverMessage } from '../model/server-message';

const empty = { current: '', next: '', confirm: '' };

/** Change Password: required, matching, at least 8; the session continues after. */
export function ChangePasswordDialog({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(empty);
  const [pending, setPending] = useState(false);
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const hints = passwordHints(fields);

  const openChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    // Passwords are never kept once the dialog closes.
    if (!next) setFields(empty);
  };

  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  const submit = async () => {
    const problem = passwordChangeProblem(fields);
    if (problem) {
      toast.error(...problem);
      return;
    }
    setPending(true);
    try {
      const tokens = await changePassword(fields.current, fields.next);
      // Other sessions ended; this one carries on, with the fresh token the server answered.
      useAuthStore.getState().setTokens(tokens.access_token, tokens.refresh_token ?? null);
      toast.success(SETTINGS_TOASTS.passwordChanged);
      setPending(false);
      setFields(empty);
      setOpen(false);
    } catch (error) {
      setPending(false);
      toast.error(
        SETTINGS_TOASTS.passwordFailedTitle,
        serverMessage(error, ['old_password', 'new_password']) ??
          SETTINGS_TOASTS.passwordFailedFallback,
      );
    }
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="change-password">
          <KeyRound aria-hidden="true" />
          {SETTINGS_TEXT.changePassword}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="change-password-dialog">
        <DialogTitle>{SETTINGS_TEXT.changePassword}</DialogTitle>
        {hasPassword ? (
          <>
            <DialogDescription>
              Other devices are signed out when your password changes; this one stays signed in.
            </DialogDescription>
            <form
              className="mt-5 space-y-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <PasswordField
                id={ids.current}
                label="Current password"
                value={fields.current}
                onChange={set('current')}
                autoComplete="current-password"
              />
              <PasswordField
                id={ids.next}
                label="New password"
                value={fields.next}
                onChange={set('next')}
                autoComplete="new-password"
                hint={hints.tooShort ? SETTINGS_TEXT.passwordTooShortHint : undefined}
              />
              <PasswordField
                id={ids.confirm}
                label="Confirm new password"
                value={fields.confirm}
                onChange={set('confirm')}
                autoComplete="new-password"
                hint={hints.mismatch ? SETTINGS_TEXT.passwordMismatchHint : undefined}
              />
              <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => openChange(false)} disabled={pending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={pending} aria-busy={pending}>
                  {pending ? 'Changing...' : SETTINGS_TEXT.changePassword}
                </Button>
              </div>
            </form>
          </>
        ) : (
          <>
            <DialogDescription>
              Your account signs in with Google and has no password yet. Set one with a reset link
              sent to your email.
            </DialogDescription>
            <div className="mt-6 flex justify-end">
              <Button asChild>
                <Link to="/auth/forgot-password">Email me a link</Link>
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PasswordField({
  id,
  label,
  hint,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  autoComplete: string;
  hint?: string | undefined;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        type="password"
        aria-invalid={hint ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={clsx(hint && 'border-destructive')}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-destructive" data-testid="password-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
