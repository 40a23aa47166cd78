// electron-vite: the thin Electron shell (main + preload, in src-main/electron) and the Vue renderer.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The preparation and batch writer workers are entries of their own: each runs in a worker
      // thread. Chunks sit beside the entries, so a module finds a worker at './<name>.js'.
      rollupOptions: {
        input: {
          index: resolve('src-main/electron/index.ts'),
          'preparation-worker': resolve('src-main/preparation/worker/preparation-worker.ts'),
          'batch-writer-worker': resolve('src-main/store/batch-writer-worker.ts'),
        },
        output: { chunkFileNames: '[name]-[hash].js' },
      },
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
