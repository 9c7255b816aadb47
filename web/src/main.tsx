import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/AppRoutes';
import { InitialDataProvider, readInitialData } from './lib/initialData';

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
if (container.hasChildNodes()) {
  const root = container;
  preloadPage(window.location.pathname)
    .catch(() => {})
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(container).render(app);
}
