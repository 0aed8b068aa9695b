import { AUTH_MESSAGES } from '@storyloom/shared';
import { clsx } from 'clsx';
import { CircleAlert, LogIn, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { deleteAccount } from '../../../api/me/delete-account';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ApiError, firstFieldError } from '../../../lib/api';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { useLeaveSession } from '../hooks/use-leave-session';
import { SETTINGS_TEXT, SETTINGS_TOASTS } from '../messages';

/**
 * Delete Account: the username typed exactly, and the password (an account with one) or a
 * Google sign-in from the last few minutes (a Google-only account: the server says
 * `reauth_required` otherwise); then server delete, local logout, home, and an info toast.
 */
export function DeleteAccountDialog({
  username,
  hasPassword,
}: {
  username: string;
  hasPassword: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [reauthMessage, setReauthMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const leave = useLeaveSession();
  const ids = { username: useId(), password: useId(), google: useId() };
  const passwordInput = useRef<HTMLInputElement>(null);
  const matches = typed === username;

  const openChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      // The password is never kept once the dialog closes.
      setTyped('');
      setPassword('');
      setPasswordError(null);
      setReauthMessage(null);
    }
  };

  const showPasswordError = (message: string) => {
    setPasswordError(message);
    passwordInput.current?.focus();
  };

  const submit = async () => {
    if (!matches) {
      toast.error(...SETTINGS_TOASTS.confirmationRequired);
      return;
    }
    if (hasPassword && !password) {
      showPasswordError(AUTH_MESSAGES.deletePasswordRequired);
      return;
    }
    setPending(true);
    try {
      await deleteAccount(hasPassword ? password : undefined);
    } catch (error) {
      setPending(false);
      // A 401 has already signed this browser out (lib/api.ts).
      if (error instanceof ApiError && error.status === 401) return;
      const forPassword = error instanceof ApiError && firstFieldError(error.details, 'password');
      if (forPassword) showPasswordError(forPassword);
      else if (error instanceof ApiError && error.code === 'reauth_required')
        setReauthMessage(error.message || AUTH_MESSAGES.deleteNeedsGoogle);
      else toast.error(...SETTINGS_TOASTS.deleteFailed);
      return;
    }
    leave('/');
    toast.info(SETTINGS_TOASTS.accountDeleted);
  };

  // Enter submits even while the button is disabled, to say what is missing.
  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" data-testid="delete-account">
          <Trash2 aria-hidden="true" />
          {SETTINGS_TEXT.deleteAccount}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="delete-account-dialog">
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>
          This permanently deletes your profile, your stories and their chapters, your follows,
          likes, saves and reading history. It cannot be undone.
        </DialogDescription>
        <form
          className="mt-5 space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={ids.username} className="text-sm">
              Type <span className="font-semibold break-all text-foreground">{username}</span> to
              confirm
            </label>
            <Input
              id={ids.username}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={submitOnEnter}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby={`${ids.username}-hint`}
            />
            <p id={`${ids.username}-hint`} className="text-xs text-muted-foreground">
              {SETTINGS_TEXT.typeUsername}
            </p>
          </div>
          {hasPassword ? (
            <div className="space-y-1.5">
              <label htmlFor={ids.password} className="text-sm font-medium">
                Current password
              </label>
              <Input
                ref={passwordInput}
                id={ids.password}
                type="password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setPasswordError(null);
                }}
                onKeyDown={submitOnEnter}
                autoComplete="current-password"
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? `${ids.password}-error` : undefined}
                className={clsx(passwordError && 'border-destructive')}
              />
              {passwordError ? (
                <p
                  id={`${ids.password}-error`}
                  className="flex items-start gap-1.5 text-sm text-destructive"
                  data-testid="field-error"
                >
                  <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                  <span>{passwordError}</span>
                </p>
              ) : null}
            </div>
          ) : (
            <GoogleReauth id={ids.google} message={reauthMessage} />
          )}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => openChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!matches || pending}
              aria-busy={pending}
            >
              {pending ? 'Deleting...' : SETTINGS_TEXT.deleteAccount}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A Google-only account has no password to confirm with: a Google sign-in from the last
 * 10 minutes does instead. `message` is the server's answer when it was too long ago.
 */
function GoogleReauth({ id, message }: { id: string; message: string | null }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="space-y-3 rounded-lg bg-muted px-3 py-3 text-sm" data-testid="delete-reauth">
      {/* The server's answer, once it came, says the same more pointedly: it replaces the hint. */}
      <div role="alert">
        {message ? (
          <p
            id={id}
            className="flex items-start gap-1.5 text-destructive"
            data-testid="delete-reauth-error"
          >
            <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{message}</span>
          </p>
        ) : (
          <p id={id} className="text-muted-foreground">
            {SETTINGS_TEXT.deleteReauthHint}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={leaving}
        aria-describedby={id}
        onClick={() => {
          setLeaving(true);
          useAuthStore.getState().loginWithGoogle();
        }}
      >
        <LogIn aria-hidden="true" />
        {leaving ? 'Redirecting to Google...' : SETTINGS_TEXT.signInWithGoogleAgain}
      </Button>
    </div>
  );
}
