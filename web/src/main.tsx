import { isLanguage } from '@chorus/shared/languages';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/AppRoutes';
import { reloadRestoredPagesAfterSessionChange } from './features/accounts/session/sessionEpoch';
import { activateLanguage } from './lib/i18n';
import { InitialDataProvider, readInitialData } from './lib/initialData';
import { whenIdle } from './lib/whenIdle';
import { yieldToBrowser } from './lib/yieldToBrowser';
import { getSystem } from './theme/system';

reloadRestoredPagesAfterSessionChange();
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <InitialDataProvider data={readInitialData()}>
      <App />
    </InitialDataProvider>
  </StrictMode>
);
// The api sends the public pages drawn (pre-rendered by the build, or rendered per request with their
// data: entry-prerender.tsx): React adopts that HTML instead of drawing the page again, once the
// page's own chunk is there (see preloadable). Hydrating inside a transition lets React do it in
// short slices, so the page stays responsive (and scrollable) while it becomes interactive.
/**
 * Builds Chakra's system in a task of its own (see getSystem), and its global CSS in another (built
 * on demand: vite-plugins/chakraGlobalCssOnDemand.ts), so neither is one long task on a phone.
 */
async function buildSystem() {
  await yieldToBrowser();
  const system = getSystem();
  await yieldToBrowser();
  void system._global;
  await yieldToBrowser();
}

/**
 * A drawn page hydrates in the language it was drawn in (its <html lang>), and may switch after
 * (useLanguageChoice.ts); a page drawn here starts in its own. A catalogue that fails to load leaves
 * English.
 */
async function startLanguage(drawn: boolean): Promise<void> {
  const drawnIn = document.documentElement.lang;
  const language = drawn
    ? isLanguage(drawnIn)
      ? drawnIn
      : 'en'
    : (await import('./features/languages/followLanguage')).languageOfPage(window.location.pathname);
  return activateLanguage(language).catch(() => {});
}

if (container.hasChildNodes()) {
  const root = container;
  Promise.all([preloadPage(window.location.pathname).catch(() => {}), startLanguage(true)])
    .then(buildSystem)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  void Promise.all([buildSystem(), startLanguage(false)]).then(() => createRoot(container).render(app));
}

// The installable app's service worker and its update prompt (app/serviceWorker.ts), once the page is
// idle: a chunk of its own, so no page's first JavaScript grows. Production builds only (vite dev has
// no worker to register).
if (import.meta.env.PROD) whenIdle(() => import('./app/serviceWorker'), 10_000);
