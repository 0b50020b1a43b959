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
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
    },
  },
});
