// Where the app's own files are, in both layouts: a checkout (the sources under tsx, or built into
// out/main and out/cli) and an installed app, whose files sit inside resources/app.asar, those that
// must be plain files (electron-builder.yml's asarUnpack) copied beside it into app.asar.unpacked.
// Every such path the app resolves at run time comes from here; test/layout checks them against a
// packed layout.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The app's root: two folders up from each place this module runs from (src-main/layout, out/main,
 * out/cli). In an installed app, …/resources/app.asar.
 */
export const APP_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface AppFiles {
  /** The window's preload (a sandboxed preload is one CommonJS file). */
  preload: string;
  /** What app:// serves. */
  rendererRoot: string;
  /** The Demo service's users and bots. */
  demoSeed: string;
  /** A creditor's file to try CaseDesk with. */
  samplesDir: string;
}

export function appFiles(root: string = APP_ROOT): AppFiles {
  return {
    preload: join(root, 'out', 'preload', 'index.cjs'),
    rendererRoot: join(root, 'out', 'renderer'),
    demoSeed: join(root, 'resources', 'demo-seed.json'),
    samplesDir: join(root, 'resources', 'samples'),
  };
}

/**
 * The same file as a plain file: under app.asar, its copy in app.asar.unpacked (Electron reads both
 * through the archive's path, but only the unpacked one is a file of the disk); elsewhere, itself.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
}

export type WorkerName = 'preparation-worker' | 'batch-writer-worker';

/**
 * A worker thread's entry, beside the module that starts it (`from`: its import.meta.url): the
 * TypeScript boot file under tsx (tests), else the bundled file, from its unpacked place. Electron's
 * asar documentation does not list worker_threads among the Node APIs that read the archive, so a
 * worker's script, and the chunks and packages it imports, are plain files (electron-builder.yml).
 */
export function workerUrl(name: WorkerName, from: string): URL {
  if (from.endsWith('.ts')) return new URL(`./${name}-boot.mjs`, from);
  return pathToFileURL(unpackedPath(fileURLToPath(new URL(`./${name}.js`, from))));
}
