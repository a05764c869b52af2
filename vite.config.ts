import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { withAppCodePriority } from './src/domain/pages/app-code-priority';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** The entry script and the module preloads Vite writes into index.html, at the app's code priority. */
const appCodePriority = (): Plugin => ({
  name: 'app-code-priority',
  apply: 'build',
  transformIndexHtml: { order: 'post', handler: withAppCodePriority },
});

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), appCodePriority()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Built for error reports, kept off the site: no sourceMappingURL comment, and the build moves the
    // maps out of dist/web (scripts/move-sourcemaps.mjs).
    sourcemap: 'hidden',
    // Read by scripts/bundle-budget.mjs to add up what each route downloads.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev-idp': { target: api, changeOrigin: false },
    },
  },
});
