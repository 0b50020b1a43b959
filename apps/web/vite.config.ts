import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerender } from './src/site-build/prerender-plugin.ts';

const server = 'http://localhost:3000';

// Paths are relative to apps/web: `npm run build -w apps/web` and the vitest project both run from there.
export default defineConfig({
  // prerender(): the public pages become static HTML and the JS budget is checked (PERF-03).
  plugins: [react(), tailwindcss(), prerender()],
  // The manifest maps source modules to chunks, for the prerender's preloads and the budget check.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // The finder page's island (PERF-06): its only script before the tap, an entry of its own.
      input: { index: 'index.html', 'finder-island': 'src/finder-island.ts' },
      output: {
        // Fewer, larger chunks for what every page loads: React and the router in one, and the
        // small shared modules of the site's shell in another (PERF-03: each file costs a request
        // and compresses worse alone).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // The shared facts without React: the finder page's island imports them alone (PERF-06).
            { name: 'facts', test: /packages[\\/]contracts[\\/]src[\\/](constants|routes)\.ts$/, priority: 1 },
            {
              name: 'shell',
              test: /packages[\\/]contracts[\\/]src[\\/]ui\.ts$|apps[\\/]web[\\/]src[\\/](content[\\/](config|contact|navigation|site|store)\.ts|components[\\/]ui[\\/](button|spinner)\.tsx)$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
    },
  },
});
