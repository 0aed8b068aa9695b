import { LIMITS } from '@storyloom/shared';
import { clsx } from 'clsx';
import { Camera, ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useObjectUrl } from '../../../components/ui/file-upload';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useEditProfile } from '../hooks/use-edit-profile';
import { PROFILE_TEXT } from '../messages';
import { CropDialog } from './crop-dialog';

type EditProfileDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close when the modal opened from the address (/settings/profile). */
  returnFocusTo?: () => HTMLElement | null | undefined;
};

/** Edit profile: photo upload/crop/remove, read-only username and email, bio. */
export function EditProfileDialog({ open, onOpenChange, returnFocusTo }: EditProfileDialogProps) {
  const form = useEditProfile(() => onOpenChange(false));
  const { user, bio, photo, removePhoto, saving } = form;
  const photoUrl = useObjectUrl(photo);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { username: useId(), email: useId(), bio: useId(), counter: useId() };
  const { reset } = form;

  // Every opening starts from what the server has.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (open) reset();
  }, [open]);

  const shownPicture = photoUrl ?? (removePhoto ? null : user?.profile_pic);
  const canRemove = photo !== null || (!removePhoto && Boolean(user?.profile_pic));
  const over = bio.length > LIMITS.bioWarnAbove;

  const close = () => {
    if (saving) return;
    form.reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        data-testid="edit-profile-dialog"
        returnFocusTo={returnFocusTo}
      >
        <DialogTitle>{PROFILE_TEXT.editProfile}</DialogTitle>
        <DialogDescription>Your photo and bio are shown on your profile.</DialogDescription>
        <form
          className="mt-5 space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            void form.save();
          }}
        >
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center sm:gap-5">
            <Avatar
              name={user?.username}
              src={shownPicture}
              className="size-24 text-2xl [&_span]:text-2xl"
            />
            <div className="flex flex-col items-center gap-2 sm:items-start">
              <input
                ref={fileRef}
                type="file"
                accept="image/*"
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                data-testid="profile-pic-input"
                onChange={(event) => {
                  void form.pick(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <div className="flex flex-wrap justify-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => fileRef.current?.click()}
                  disabled={saving}
                >
                  {shownPicture ? <Camera aria-hidden="true" /> : <ImageUp aria-hidden="true" />}
                  {shownPicture ? 'Change photo' : 'Upload photo'}
                </Button>
                {canRemove ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={form.remove}
                    disabled={saving}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove photo
                  </Button>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">JPEG, PNG, WebP or GIF, up to 5MB.</p>
            </div>
          </div>
          {photo ? (
            <p
              role="status"
              className="rounded-lg bg-info/10 px-3 py-2 text-sm text-sky-800 dark:text-info"
              data-testid="photo-pending"
            >
              {PROFILE_TEXT.photoPending}
            </p>
          ) : removePhoto ? (
            <p
              role="status"
              className="rounded-lg bg-warning/10 px-3 py-2 text-sm text-amber-800 dark:text-warning"
            >
              {PROFILE_TEXT.photoRemovalPending}
            </p>
          ) : null}

          <div className="space-y-1.5">
            <label htmlFor={ids.username} className="text-sm font-medium">
              Username
            </label>
            <Input
              id={ids.username}
              value={user?.username ?? ''}
              readOnly
              aria-describedby={`${ids.username}-hint`}
              className="bg-muted/60 text-muted-foreground"
            />
            <p id={`${ids.username}-hint`} className="text-xs text-muted-foreground">
              {PROFILE_TEXT.usernameReadOnly}
            </p>
          </div>

          <div className="space-y-1.5">
            <label htmlFor={ids.email} className="text-sm font-medium">
              Email
            </label>
            <Input
              id={ids.email}
              type="email"
              value={user?.email ?? ''}
              readOnly
              aria-describedby={`${ids.email}-hint`}
              className="bg-muted/60 text-muted-foreground"
            />
            <p id={`${ids.email}-hint`} className="text-xs text-muted-foreground">
              To change your email, go to{' '}
              <Link to="/settings" className="font-medium text-primary hover:underline">
                account settings
              </Link>
            </p>
          </div>

          <div className="space-y-1.5">
            <div className="flex items-center justify-between">
              <label htmlFor={ids.bio} className="text-sm font-medium">
                Bio
              </label>
              <span
                id={ids.counter}
                data-testid="bio-counter"
                data-warning={over}
                className={clsx(
                  'text-xs tabular-nums',
                  over ? 'font-medium text-amber-700 dark:text-warning' : 'text-muted-foreground',
                )}
              >
                {bio.length}/{LIMITS.bioMax}
              </span>
            </div>
            <Textarea
              id={ids.bio}
              value={bio}
              maxLength={LIMITS.bioMax}
              rows={3}
              placeholder="Tell readers a little about yourself"
              aria-describedby={ids.counter}
              onChange={(event) => form.setBio(event.target.value.slice(0, LIMITS.bioMax))}
              disabled={saving}
            />
          </div>

          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.dirty || saving} aria-busy={saving}>
              {saving ? PROFILE_TEXT.saving : PROFILE_TEXT.saveChanges}
            </Button>
          </div>
        </form>
        <CropDialog image={form.cropSource} onCancel={form.cancelCrop} onCropped={form.cropped} />
      </DialogContent>
    </Dialog>
  );
}
