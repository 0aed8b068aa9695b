import { STORAGE_KEYS } from '@storyloom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readString } from '../lib/storage';
import { toast } from './toast';
import { useUiStore } from './ui-store';

const titles = () => useUiStore.getState().toasts.map((t) => t.title);

beforeEach(() => {
  vi.useFakeTimers();
  useUiStore.setState({ toasts: [], modals: [], isLoading: false });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('adds a toast with its type, title and description and removes it after 5000 ms', () => {
    const id = toast({ type: 'error', title: 'Error', description: 'Failed to load profile data' });
    expect(useUiStore.getState().toasts).toEqual([
      {
        id,
        type: 'error',
        title: 'Error',
        description: 'Failed to load profile data',
        duration: 5000,
      },
    ]);
    vi.advanceTimersByTime(4999);
    expect(titles()).toEqual(['Error']);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual([]);
  });

  it('honours a given duration, and 0 keeps the toast until dismissed', () => {
    toast.success('Settings saved', undefined, 1000);
    const sticky = toast.warning('Heads up', 'Stays', 0);
    vi.advanceTimersByTime(1000);
    expect(titles()).toEqual(['Heads up']);
    vi.advanceTimersByTime(60_000);
    expect(titles()).toEqual(['Heads up']);
    toast.dismiss(sticky);
    expect(titles()).toEqual([]);
  });

  it('offers a shortcut per type and defaults to info', () => {
    toast.success('a');
    toast.error('b');
    toast.warning('c');
    toast.info('d');
    toast({ title: 'e' });
    expect(useUiStore.getState().toasts.map((t) => t.type)).toEqual([
      'success',
      'error',
      'warning',
      'info',
      'info',
    ]);
  });

  it('removing a toast early cancels its timer without touching the others', () => {
    const first = toast.info('first');
    toast.info('second');
    useUiStore.getState().removeToast(first);
    expect(titles()).toEqual(['second']);
    vi.advanceTimersByTime(5000);
    expect(titles()).toEqual([]);
  });
});

describe('modals', () => {
  it('opens modals under generated ids and closes one or all', () => {
    const { openModal, closeModal, closeAllModals } = useUiStore.getState();
    const a = openModal('change-password');
    const b = openModal('delete-account', { username: 'ann' });
    expect(a).not.toBe(b);
    expect(useUiStore.getState().modals).toEqual([
      { id: a, type: 'change-password' },
      { id: b, type: 'delete-account', props: { username: 'ann' } },
    ]);
    closeModal(a);
    expect(useUiStore.getState().modals.map((m) => m.id)).toEqual([b]);
    openModal('crop');
    closeAllModals();
    expect(useUiStore.getState().modals).toEqual([]);
  });
});

describe('theme and loading', () => {
  it('persists only the theme, as a bare string under the theme key', () => {
    useUiStore.getState().setTheme('dark');
    expect(readString(STORAGE_KEYS.theme)).toBe('dark');
    useUiStore.getState().setLoading(true);
    toast.info('not persisted');
    expect(readString(STORAGE_KEYS.theme)).toBe('dark');
    useUiStore.getState().setTheme('system');
    expect(readString(STORAGE_KEYS.theme)).toBe('system');
  });

  it('tracks the global loading flag', () => {
    useUiStore.getState().setLoading(true);
    expect(useUiStore.getState().isLoading).toBe(true);
    useUiStore.getState().setLoading(false);
    expect(useUiStore.getState().isLoading).toBe(false);
  });
});
