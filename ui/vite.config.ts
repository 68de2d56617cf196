import { defineConfig } from 'vite';

// `npm run dev` proxies the API to a running `warwick serve`, which answers only requests for its
// own host and takes calls that change games only from its own page or with its launch token:
// the proxy names the server's host, and adds the token printed at its start when it is given as
// WARWICK_TOKEN (`WARWICK_TOKEN=... npm run dev`).
const token = process.env.WARWICK_TOKEN;

// The built UI is served by the Tauri app (from ui/dist) and by `warwick serve`.
export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:8420',
        changeOrigin: true,
        headers: token ? { 'x-warwick-token': token } : {},
      },
    },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
