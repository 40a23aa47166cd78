// A test's child-process script as plain JavaScript, bundled once a run: `node --import tsx` compiles
// the app's TypeScript again at every start (about a second of CPU on this machine), and the kill
// tests start their child dozens of times. Packages stay in node_modules, as in the built CLI.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { WorkerName } from '../../src-main/layout/app-layout';

const OUT_DIR = join(import.meta.dirname, '../../out/test-children');
/** The worker threads' entries, as scripts/build-cli.mjs builds them. */
const WORKERS: Record<WorkerName, string> = {
  'preparation-worker': join(import.meta.dirname, '../../src-main/preparation/worker/preparation-worker.ts'),
  'batch-writer-worker': join(import.meta.dirname, '../../src-main/store/batch-writer-worker.ts'),
};

export interface BundledChild {
  /** The script to run with plain `node`. */
  script: string;
  /** Deletes the bundle. */
  remove(): void;
}

/** Bundles `entry` (a .ts file), and the worker threads it starts beside it, as the CLI's build does. */
export async function bundledChild(entry: string, workers: readonly WorkerName[] = []): Promise<BundledChild> {
  const name = basename(entry, '.ts');
  // The worker's pid in the folder: two test files bundling the same script never write one file.
  const outdir = join(OUT_DIR, `${name}-${process.pid}`);
  await build({
    entryPoints: { [name]: entry, ...Object.fromEntries(workers.map((w) => [w, WORKERS[w]])) },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return { script: join(outdir, `${name}.js`), remove: () => rmSync(outdir, { recursive: true, force: true }) };
}
