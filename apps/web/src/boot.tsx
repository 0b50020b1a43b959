import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { shouldHydrate } from './app/hydration';
import { tokenStorage } from './lib/storage';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public pages arrive prerendered (PERF-03, docs/decisions/0009): hydrate them, in a transition so
// React yields to the browser between components instead of blocking it for the whole page; every
// other page starts from the empty shell.
if (shouldHydrate(root.dataset.prerendered, window.location.pathname, tokenStorage.read() !== null)) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
