import { registerSW } from 'virtual:pwa-register';
import { showToast } from '../components/toaster';
import { startUpdatePrompt } from './updatePrompt';

/**
 * The installable app's service worker (web/vite-plugins/serviceWorker.ts), registered when this
 * module loads: main.tsx imports it once the page is idle, in production builds only, so neither
 * workbox-window nor this code is part of any page's first JavaScript.
 */
startUpdatePrompt({
  register: registerSW,
  show: showToast,
  every: (task, ms) => void window.setInterval(task, ms),
});
