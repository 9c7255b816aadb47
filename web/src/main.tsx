import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/AppRoutes';
import { reloadRestoredPagesAfterSessionChange } from './features/accounts/session/sessionEpoch';
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
/** Builds Chakra's system in a task of its own (see getSystem), then lets the browser breathe again. */
async function buildSystem() {
  await yieldToBrowser();
  getSystem();
  await yieldToBrowser();
}

if (container.hasChildNodes()) {
  const root = container;
  preloadPage(window.location.pathname)
    .catch(() => {})
    .then(buildSystem)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  void buildSystem().then(() => createRoot(container).render(app));
}

// The installable app's service worker and its update prompt (app/serviceWorker.ts), once the page is
// idle: a chunk of its own, so no page's first JavaScript grows. Production builds only (vite dev has
// no worker to register).
if (import.meta.env.PROD) whenIdle(() => import('./app/serviceWorker'), 10_000);
