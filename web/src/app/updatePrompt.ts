import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import type { ToastOptions } from '../components/toastTypes';
import { msg, t } from '../lib/i18n';

/** What the toast says when a new service worker is waiting (README "Installable app"). */
export const UPDATE_READY = msg('A new version of Chorus is ready');
/** An open tab (the chat can stay open for days) asks for a new version this often. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface UpdatePromptDeps {
  /** virtual:pwa-register's registerSW: registers /sw.js, answers with "activate the waiting one". */
  register: (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;
  /** The app's toast (components/toaster.tsx). */
  show: (options: ToastOptions) => void;
  /** Runs `task` every `ms` (setInterval in the browser). */
  every: (task: () => void, ms: number) => void;
}

/**
 * Registers the service worker and, when a new version of it is waiting, offers "Reload" in a toast
 * that stays until it is used or closed (registerType 'prompt': nothing changes under someone typing).
 * Reload tells the waiting worker to take over; virtual:pwa-register then reloads the page once it
 * controls it. The browser looks for a new sw.js on each visit; a long-open tab also asks every hour.
 */
export function startUpdatePrompt({ register, show, every }: UpdatePromptDeps): void {
  let offered = false;
  const activateWaiting = register({
    onNeedRefresh() {
      if (offered) return;
      offered = true;
      show({
        type: 'info',
        title: t(UPDATE_READY),
        description: t('Reload to start using it.'),
        duration: Number.POSITIVE_INFINITY,
        action: {
          label: t('Reload'),
          onClick: () => {
            offered = false;
            void activateWaiting();
          },
        },
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      every(() => {
        // Offline or mid-deploy: the next check will do.
        registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('The service worker could not be registered', error);
    },
  });
}
