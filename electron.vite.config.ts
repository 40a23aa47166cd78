// electron-vite: the thin Electron shell (main + preload, in src-main/electron) and the Vue renderer.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The preparation worker is its own entry: it runs in a worker thread beside main.
      rollupOptions: { input: { index: resolve('src-main/electron/main.ts'), 'preparation-worker': resolve('src-main/preparation/worker/preparation-worker.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require node_modules: bundle everything into one file.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: { input: { index: resolve('src-main/electron/preload.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [vue()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
