// The renderer's build, shared by the desktop app (electron-vite) and the browser host.
import vue from '@vitejs/plugin-vue';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export const rendererRoot = resolve(import.meta.dirname);

export default defineConfig({
  root: rendererRoot,
  base: './',
  plugins: [vue()],
  build: {
    outDir: resolve(import.meta.dirname, '../out/renderer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
