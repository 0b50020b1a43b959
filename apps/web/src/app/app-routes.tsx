import { useRoutes } from 'react-router';
import { routes } from './routes';

/**
 * The route tree, rendered by the browser's router (app.tsx) and by the build's static one
 * (entry-server.tsx). Declarative routing rather than a data router: the app has no loaders or
 * actions, and it keeps ~17 KB gzip of router code out of the public pages (PERF-03).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
