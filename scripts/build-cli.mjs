// Builds the `casedesk` CLI (and the browser host it starts) into out/cli: plain JavaScript, so a
// run starts without compiling TypeScript. Packages stay in node_modules; what only some commands
// need sits in chunks loaded with them. The two worker threads are entries of their own, beside the
// chunks that start them (those look for './<name>.js').
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'out', 'cli');

const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src-main/cli/main.ts',
    'preparation-worker': 'src-main/preparation/worker/preparation-worker.ts',
    'batch-writer-worker': 'src-main/store/batch-writer-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]',
  write: false,
  logLevel: 'warning',
});

// A CLI may be running from this folder while it is rebuilt (tests, a second shell): files that did
// not change are left alone, changed ones are replaced whole (rename), and only then is the rest removed.
mkdirSync(outdir, { recursive: true });
const kept = new Set();
for (const file of result.outputFiles) {
  kept.add(basename(file.path));
  let same = false;
  try {
    same = Buffer.compare(readFileSync(file.path), file.contents) === 0;
  } catch {
    // not there yet
  }
  if (same) continue;
  const temp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temp, file.contents);
  renameSync(temp, file.path);
}
for (const name of readdirSync(outdir)) if (!kept.has(name)) rmSync(join(outdir, name), { force: true });
