import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { SETTINGS_TEXT, SETTINGS_TOASTS } from '../messages';
import { clearDraft } from '../model/settings-draft';

/**
 * Delete Account: the username typed exactly; then server delete, local logout,
 * home, and an info toast.
 */
export function DeleteAccountDialog({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inputId = useId();
  const matches = typed === username;

  const openChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) setTyped('');
  };

  const submit = async () => {
    if (!matches) {
      toast.error(...SETTINGS_TOASTS.confirmationRequired);
      return;
    }
    setPending(true);
    try {
      await deleteAccount();
    } catch {
      setPending(false);
      toast.error(...SETTINGS_TOASTS.deleteFailed);
      return;
    }
    useAuthStore.getState().logout();
    queryClient.clear();
    clearDraft();
    void navigate('/', { flushSync: true });
    toast.info(SETTINGS_TOASTS.accountDeleted);
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
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="text-sm">
              Type <span className="font-semibold text-foreground">{username}</span> to confirm
            </label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                // Enter submits even while the button is disabled, to say what is missing.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void submit();
                }
              }}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby={`${inputId}-hint`}
            />
            <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
              {SETTINGS_TEXT.typeUsername}
            </p>
          </div>
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
