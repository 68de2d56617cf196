import { defineConfig } from 'vite';

// The built UI is served by the Tauri app (from ui/dist) and by `warwick serve`.
export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    // `npm run dev` proxies the API to a running `warwick serve`.
    proxy: { '/api': 'http://127.0.0.1:8420' },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
