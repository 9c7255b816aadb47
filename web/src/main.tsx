import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/AppRoutes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The api sends the public marketing pages pre-rendered (entry-prerender.tsx): React adopts that HTML
// instead of drawing the page again, once the page's own chunk is there (see preloadable).
if (container.hasChildNodes()) {
  const root = container;
  preloadPage(window.location.pathname)
    .catch(() => {})
    .then(() => hydrateRoot(root, app));
} else {
  createRoot(container).render(app);
}
