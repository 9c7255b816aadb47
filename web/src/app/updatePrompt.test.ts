import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { describe, expect, it, vi } from 'vitest';
import type { ToastOptions } from '../components/toastTypes';
import { startUpdatePrompt, UPDATE_CHECK_MS, UPDATE_READY } from './updatePrompt';

/** startUpdatePrompt with a stand-in registerSW: what it was given, and what its answer was asked. */
function started() {
  let options: RegisterSWOptions = {};
  const activateWaiting = vi.fn(async () => {});
  const shown: ToastOptions[] = [];
  const timers: [() => void, number][] = [];
  startUpdatePrompt({
    register: (o) => {
      options = o;
      return activateWaiting;
    },
    show: (t) => shown.push(t),
    every: (task, ms) => timers.push([task, ms]),
  });
  return { options, activateWaiting, shown, timers };
}

describe('update prompt', () => {
  it('says nothing until a new version is waiting', () => {
    const { options, shown } = started();
    options.onOfflineReady?.();
    expect(shown).toEqual([]);
  });

  it('offers Reload in a toast that stays, once per waiting version', () => {
    const { options, shown, activateWaiting } = started();
    options.onNeedRefresh?.();
    options.onNeedRefresh?.();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ type: 'info', title: UPDATE_READY, action: { label: 'Reload' } });
    expect(shown[0]!.duration).toBe(Number.POSITIVE_INFINITY);
    expect(activateWaiting).not.toHaveBeenCalled();
    shown[0]!.action!.onClick();
    // The waiting worker takes over; virtual:pwa-register reloads the page once it controls it.
    expect(activateWaiting).toHaveBeenCalledTimes(1);
    // Another version after that is offered again.
    options.onNeedRefresh?.();
    expect(shown).toHaveLength(2);
  });

  it('an open tab asks for a new version every hour, and a failed check is no error', async () => {
    const { options, timers } = started();
    const update = vi.fn(async () => {
      throw new Error('offline');
    });
    options.onRegisteredSW?.('/sw.js', { update } as unknown as ServiceWorkerRegistration);
    expect(timers.map(([, ms]) => ms)).toEqual([UPDATE_CHECK_MS]);
    timers[0]![0]();
    expect(update).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });

  it('no registration (no service worker support): no checks', () => {
    const { options, timers } = started();
    options.onRegisteredSW?.('/sw.js', undefined);
    expect(timers).toEqual([]);
  });
});
