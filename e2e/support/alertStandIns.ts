import type { Page } from 'playwright-core';

// The browser's Notification and audio, stood in for in journeys (web/src/features/notifications):
// add STAND_INS as a context's init script, then read what was shown and chimed with `recorded`.

/** Records notifications and chimes instead of showing or playing them; `__hidden` drives document.hidden. */
export const STAND_INS = () => {
  const w = window as unknown as Record<string, unknown>;
  w.__shown = [] as { title: string; body: string; instance: unknown }[];
  w.__chimes = 0;
  w.__hidden = false;
  w.__permission = 'default';
  w.__askAnswer = 'denied';
  class FakeNotification {
    static get permission() {
      return w.__permission;
    }
    static async requestPermission() {
      w.__permission = w.__askAnswer;
      return w.__permission;
    }
    onclick: (() => void) | null = null;
    constructor(title: string, options: { body: string }) {
      (w.__shown as unknown[]).push({ title, body: options.body, instance: this });
    }
    close() {}
  }
  w.Notification = FakeNotification;
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume() {
      return Promise.resolve();
    }
    createGain() {
      return {
        gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
        connect: (next: unknown) => next,
      };
    }
    createOscillator() {
      return {
        type: 'sine',
        frequency: { value: 0 },
        connect: (next: unknown) => next,
        start: () => {
          w.__chimes = (w.__chimes as number) + 1;
        },
        stop() {},
      };
    }
  }
  w.AudioContext = FakeAudioContext;
  Object.defineProperty(document, 'hidden', { get: () => w.__hidden });
};

export const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __shown: { title: string; body: string }[]; __chimes: number };
    return { shown: w.__shown.map(({ title, body }) => ({ title, body })), chimes: w.__chimes };
  });
