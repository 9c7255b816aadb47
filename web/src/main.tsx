import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The api sends the public marketing pages pre-rendered (entry-prerender.tsx): React adopts that HTML
// instead of drawing the page again. A lazy page keeps its server HTML on screen until its chunk loads.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
