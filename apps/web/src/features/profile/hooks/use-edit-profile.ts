import { LIMITS, type Me } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { updateMe } from '../../../api/me/update-me';
import { uploadProfilePic } from '../../../api/me/upload-profile-pic';
import { userKeys } from '../../../api/users/keys';
import {
  FILE_TYPE_NOT_SUPPORTED,
  IMAGE_UNREADABLE,
  isReadableImage,
  matchesAccept,
} from '../../../components/ui/file-upload-rules';
import { ApiError } from '../../../lib/api';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { PROFILE_TOASTS } from '../messages';
import { PROFILE_PIC_MAX_BYTES } from '../model/crop-math';

/** The failure toast: title and the server's message, or 'Update failed' for anything else. */
function failed(title: string, error: unknown) {
  if (error instanceof ApiError) toast.error(title, error.message || PROFILE_TOASTS.tryLater);
  else toast.error(...PROFILE_TOASTS.updateFailed);
}

/**
 * The edit profile modal's state: open, pick a photo, crop it, the photo
 * is pending until Save; Cancel resets every field.
 */
export function useEditProfile(onDone: () => void) {
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const queryClient = useQueryClient();
  const initialBio = user?.bio ?? '';
  const [bio, setBio] = useState(initialBio);
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const bioChanged = bio !== initialBio;
  const dirty = bioChanged || photo !== null || removePhoto;

  const closeCrop = () => {
    if (cropSource) URL.revokeObjectURL(cropSource);
    setCropSource(null);
  };

  /** Back to what the server has (Cancel, and every time the modal opens). */
  const reset = () => {
    closeCrop();
    setBio(user?.bio ?? '');
    setPhoto(null);
    setRemovePhoto(false);
    setSaving(false);
  };

  /** A photo from the file picker: checked here (the server checks again), then cropped. */
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PROFILE_PIC_MAX_BYTES) {
      toast.error(...PROFILE_TOASTS.tooLarge);
      return;
    }
    if (!matchesAccept(file, 'image/*')) {
      toast.error(FILE_TYPE_NOT_SUPPORTED);
      return;
    }
    if (!(await isReadableImage(file))) {
      toast.error(IMAGE_UNREADABLE);
      return;
    }
    closeCrop();
    setCropSource(URL.createObjectURL(file));
  };

  const cropped = (file: File) => {
    closeCrop();
    setPhoto(file);
    setRemovePhoto(false);
  };

  const remove = () => {
    setPhoto(null);
    setRemovePhoto(true);
  };

  const save = async () => {
    if (!dirty || saving) return;
    setSaving(true);
    let updated: Me | null = null;
    try {
      if (photo) {
        try {
          updated = await uploadProfilePic(photo);
        } catch (error) {
          failed(PROFILE_TOASTS.pictureFailedTitle, error);
          return;
        }
        toast.success(PROFILE_TOASTS.pictureUpdated);
        setPhoto(null);
      }
      const changes: { bio?: string | null; profile_pic?: null } = {};
      if (bioChanged) changes.bio = bio.trim() === '' ? null : bio.slice(0, LIMITS.bioMax);
      if (removePhoto && !photo) changes.profile_pic = null;
      if (Object.keys(changes).length > 0) {
        try {
          updated = await updateMe(changes);
        } catch (error) {
          failed(PROFILE_TOASTS.updateFailedTitle, error);
          return;
        }
        toast.success(PROFILE_TOASTS.profileUpdated);
      }
      onDone();
    } finally {
      if (updated) {
        setUser(updated);
        void queryClient.invalidateQueries({ queryKey: userKeys.profiles });
      }
      setSaving(false);
    }
  };

  return {
    user,
    bio,
    setBio,
    photo,
    removePhoto,
    cropSource,
    saving,
    dirty,
    pick,
    cropped,
    cancelCrop: closeCrop,
    remove,
    reset,
    save,
  };
}
