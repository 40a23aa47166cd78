// A test's child-process script as plain JavaScript, bundled once a run: `node --import tsx` compiles
// the app's TypeScript again at every start (about a second of CPU on this machine), and the kill
// tests start their child dozens of times. Packages stay in node_modules, as in the built CLI.
import { build } from 'esbuild';
import { basename, join } from 'node:path';

/** Beside out/cli, so the app's paths relative to its own module (two folders up: the project) hold. */
const OUT_DIR = join(import.meta.dirname, '../../out/test-children');

/** Bundles `entry` (a .ts file) and returns the .mjs to run with plain `node`. */
export async function bundledChild(entry: string): Promise<string> {
  // The worker's pid in the name: two test files bundling the same script never write one file.
  const outfile = join(OUT_DIR, `${basename(entry, '.ts')}-${process.pid}.mjs`);
  await build({ entryPoints: [entry], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'warning' });
  return outfile;
}
