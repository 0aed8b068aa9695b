import type { BlockResult, MuteResult } from '@storyloom/shared';
import { del, post } from '../../lib/api';

/** `POST` (block) or `DELETE` (unblock) `/users/{username}/block`. */
export const setBlocked = (username: string, on: boolean) =>
  (on ? post : del)<BlockResult>(`/users/${encodeURIComponent(username)}/block`);

/** `POST` (mute) or `DELETE` (unmute) `/users/{username}/mute`. */
export const setMuted = (username: string, on: boolean) =>
  (on ? post : del)<MuteResult>(`/users/${encodeURIComponent(username)}/mute`);
