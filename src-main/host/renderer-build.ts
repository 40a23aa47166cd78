// Building the renderer for the browser host (the desktop app builds it with electron-vite).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));
const CONFIG = fileURLToPath(new URL('../../src-renderer/vite.config.ts', import.meta.url));

/** Builds the renderer into out/renderer (about two seconds); skipped when `ifMissing` and it exists. */
export async function buildRenderer(options: { ifMissing?: boolean } = {}): Promise<string> {
  if (options.ifMissing && existsSync(`${RENDERER_DIR}/index.html`)) return RENDERER_DIR;
  const { build } = await import('vite');
  await build({ configFile: CONFIG, logLevel: 'warn' });
  return RENDERER_DIR;
}
