import type { updateMeBody } from '@storyloom/shared';
import type { z } from 'zod';
import type { UserRow } from '../../db/types.js';
import type { AppDeps } from '../../deps.js';
import { createCoverStore } from '../media/covers.js';
import { mediaStorage } from '../media/storage.js';
import { coverUrlsOfAuthor } from '../stories/repo.js';
import { deleteUserCascade, findUserById, updateUser } from './repo.js';

export function createUserService({ db, config }: AppDeps) {
  const k = db.kysely;
  return {
    async updateProfile(user: UserRow, changes: z.infer<typeof updateMeBody>): Promise<UserRow> {
      const update: { bio?: string | null; profile_pic?: null } = {};
      if (changes.bio !== undefined) update.bio = changes.bio === '' ? null : changes.bio;
      if (changes.profile_pic === null) update.profile_pic = null;
      if (Object.keys(update).length > 0) await updateUser(k, user.id, update);
      return (await findUserById(k, user.id))!;
    },

    /** The user's story covers are collected first and their files removed after commit. */
    async deleteAccount(user: UserRow): Promise<void> {
      const covers = await coverUrlsOfAuthor(k, user.id);
      await k.transaction().execute((trx) => deleteUserCascade(trx, user.id));
      await createCoverStore(mediaStorage(config)).remove(...covers);
    },
  };
}
