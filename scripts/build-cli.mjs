// Builds the `casedesk` CLI (and the browser host it starts) into out/cli: plain JavaScript, so a
// run starts without compiling TypeScript. Small pure-JavaScript packages are bundled in (a command
// then resolves and reads a few files, not hundreds: about a sixth of its start); the others stay in
// node_modules (native modules, and packages that start threads from their own files). What only
// some commands need sits in chunks loaded with them. The two worker threads are entries of their
// own, beside the chunks that start them (those look for './<name>.js'). out/cli/packages.json says
// which packages each file holds, for the test of what a command loads.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'out', 'cli');
/** Bundled into the CLI, with what they import: pure JavaScript, loaded by most commands. */
const BUNDLED = ['zod', 'commander', 'libphonenumber-js', 'jose', 'cli-table3', 'papaparse', 'yauzl', 'yazl'];
const packageNamed = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
/**
 * Every other package stays in node_modules, named or not (a package imported only through another
 * may start threads from its own files). A file read from node_modules belongs to a bundled package,
 * so what it imports is bundled with it.
 */
const onlyTheNamedPackages = {
  name: 'only-the-named-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      if (BUNDLED.includes(packageNamed(args.path)) || /[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

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
  plugins: [onlyTheNamedPackages],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: "import { createRequire as __cdCreateRequire } from 'node:module'; const require = __cdCreateRequire(import.meta.url);" },
  metafile: true,
  chunkNames: '[name]-[hash]',
  write: false,
  logLevel: 'warning',
});

// A CLI may be running from this folder while it is rebuilt (tests, a second shell): files that did
// not change are left alone, changed ones are replaced whole (rename), and only then is the rest removed.
mkdirSync(outdir, { recursive: true });
/** The package a bundled input came from, or null for CaseDesk's own source. */
const packageOf = (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? null;
const packages = Object.fromEntries(
  Object.entries(result.metafile.outputs).map(([file, output]) => [
    basename(file),
    [
      ...new Set(
        Object.keys(output.inputs)
          .map(packageOf)
          .filter((name) => name !== null),
      ),
    ].sort(),
  ]),
);
const files = [...result.outputFiles, { path: join(outdir, 'packages.json'), contents: Buffer.from(`${JSON.stringify(packages, null, 1)}\n`) }];
const kept = new Set();
for (const file of files) {
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
