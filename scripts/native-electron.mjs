// `npm run native:electron`: builds the store's native module (better-sqlite3-multiple-ciphers) for
// the Electron in node_modules, into out/native/electron/, apart from the Node build `npm install`
// made (the CLI and the tests keep using that one; src-main/sqlite/native-binding.ts picks).
// @electron/rebuild first tries the module's prebuilt copy (prebuild-install) and else compiles it
// with node-gyp. Never run by an npm hook: CI has no Electron. Exit codes: 0 built, up to date or no
// Electron here (nothing to do); 1 it could not be built (offline and no compiler).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULE = 'better-sqlite3-multiple-ciphers';
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'out', 'native', 'electron');
const target = join(outDir, 'better_sqlite3.node');
const stamp = join(outDir, 'electron-version.txt');
const require = createRequire(import.meta.url);

/** Electron's version, when its binary was downloaded here (the package alone is not Electron). */
function installedElectron() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile) || !existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()))) return null;
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

const version = installedElectron();
if (version === null) {
  console.log('native:electron: Electron is not installed here (its binary was not downloaded); nothing to build.');
  process.exit(0);
}
if (!process.argv.includes('--force') && existsSync(target) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === version) {
  process.exit(0);
}

// A copy of the module in a project of its own, so the rebuild never touches node_modules' Node build.
const stage = join(outDir, 'stage');
const moduleDir = dirname(require.resolve(`${MODULE}/package.json`));
rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'node_modules'), { recursive: true });
const moduleVersion = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')).version;
writeFileSync(join(stage, 'package.json'), JSON.stringify({ name: 'casedesk-native-electron', private: true, dependencies: { [MODULE]: moduleVersion } }));
cpSync(moduleDir, join(stage, 'node_modules', MODULE), { recursive: true, filter: (src) => !src.startsWith(join(moduleDir, 'build')) });

console.log(`native:electron: building ${MODULE} ${moduleVersion} for Electron ${version} (${process.platform}-${process.arch})…`);
try {
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({ buildPath: stage, electronVersion: version, arch: process.arch, onlyModules: [MODULE], force: true, mode: 'sequential' });
  cpSync(join(stage, 'node_modules', MODULE, 'build', 'Release', 'better_sqlite3.node'), target);
  writeFileSync(stamp, `${version}\n`);
  rmSync(stage, { recursive: true, force: true });
  console.log(`native:electron: ${target}`);
} catch (err) {
  rmSync(stage, { recursive: true, force: true });
  console.error(`native:electron: could not build it: ${err instanceof Error ? err.message : String(err)}`);
  console.error(
    "It needs the network (a prebuilt copy, or Electron's headers to compile against) and, where no prebuilt copy fits this machine, " +
      'a C++ compiler with Python (node-gyp). Fix that and run "npm run native:electron" again; meanwhile "npm start -- --browser" runs CaseDesk in the browser.',
  );
  process.exit(1);
}
