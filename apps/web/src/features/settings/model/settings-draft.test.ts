import { DEFAULT_SETTINGS, STORAGE_KEYS } from '@storyloom/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { readString, removeKey, writeString } from '../../../lib/storage';
import { changedSettings, clearDraft, readDraft, writeDraft } from './settings-draft';

const server = { ...DEFAULT_SETTINGS };

beforeEach(() => removeKey(STORAGE_KEYS.settings));

describe('settings draft', () => {
  it('lists the changed fields only', () => {
    expect(changedSettings(server, { ...server, theme: 'dark', showEmail: true })).toEqual({
      theme: 'dark',
      showEmail: true,
    });
    expect(changedSettings(server, { ...server })).toEqual({});
  });

  it('keeps unsaved settings for their user under user-settings', () => {
    writeDraft('u1', { ...server, profileVisibility: 'private', sessionTimeout: 90 });
    expect(JSON.parse(readString(STORAGE_KEYS.settings) ?? '')).toMatchObject({ userId: 'u1' });
    expect(readDraft('u1', server)).toEqual({
      ...server,
      profileVisibility: 'private',
      sessionTimeout: 90,
    });
    expect(readDraft('someone-else', server)).toBeNull();
    clearDraft();
    expect(readDraft('u1', server)).toBeNull();
  });

  it('ignores values that do not fit, and two-factor', () => {
    writeString(
      STORAGE_KEYS.settings,
      JSON.stringify({
        userId: 'u1',
        settings: {
          theme: 'neon',
          showEmail: 'yes',
          sessionTimeout: 45,
          twoFactorEnabled: true,
          fontSize: 'large',
          password: 'secret',
        },
      }),
    );
    const draft = readDraft('u1', server);
    expect(draft).toEqual({ ...server, fontSize: 'large' });
    expect(draft).not.toHaveProperty('password');
  });

  it('survives garbage', () => {
    writeString(STORAGE_KEYS.settings, '{not json');
    expect(readDraft('u1', server)).toBeNull();
    writeString(STORAGE_KEYS.settings, 'null');
    expect(readDraft('u1', server)).toBeNull();
  });
});
