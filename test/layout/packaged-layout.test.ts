// The installed app's layout, without Electron: electron-vite's build packed as electron-builder does
// (pack-app.ts, with electron-builder.yml's own files and asarUnpack rules), then every path the main
// process resolves at run time (src-main/layout/app-layout.ts) looked up in it, and each worker thread
// started under plain Node from its unpacked place.
import { getRawHeader, statFile } from '@electron/asar';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFiles, unpackedPath, workerUrl, type WorkerName } from '../../src-main/layout/app-layout';
import { packApp } from './pack-app';

const project = join(import.meta.dirname, '..', '..');
let tmp = '';
let resources = '';
let archive = '';
let packed: string[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'casedesk-layout-'));
  resources = join(tmp, 'resources');
  archive = join(resources, 'app.asar');
  // Built apart from the checkout's out/ (other tests serve out/renderer meanwhile), by electron-vite's own CLI.
  const bin = join(project, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const build = spawnSync(process.execPath, [bin, 'build', '--outDir', join(tmp, 'build', 'out'), '--logLevel', 'error'], {
    cwd: project,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`electron-vite build failed: ${build.stderr}`);
  mkdirSync(resources);
  // What npm start leaves in out/ beside the build: the development Electron's native module.
  mkdirSync(join(tmp, 'build', 'out', 'native', 'electron'), { recursive: true });
  writeFileSync(join(tmp, 'build', 'out', 'native', 'electron', 'better_sqlite3.node'), '');
  packed = (await packApp({ project, build: join(tmp, 'build', 'out'), resources })).files;
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A path under app.asar, as the archive lists it. */
const inArchive = (path: string) => relative(archive, path).split(sep).join('/');

function inArchiveExists(path: string): boolean {
  try {
    statFile(archive, inArchive(path));
    return true;
  } catch {
    return false;
  }
}

describe('the packaged layout', () => {
  it('holds every file the main process resolves, inside app.asar', () => {
    const files = appFiles(archive);
    for (const path of [files.preload, join(files.rendererRoot, 'index.html'), files.demoSeed, join(files.samplesDir, 'cartera-banco-del-sur.xlsx')]) {
      expect(inArchiveExists(path), path).toBe(true);
    }
    expect(packed).toContain('out/main/index.js');
    expect(packed.some((path) => path.startsWith('out/cli/') || path.startsWith('out/native/'))).toBe(false);
  });

  it("computes the app's root two folders up from each built file that asks (out/main/…)", () => {
    // app-layout.ts's APP_ROOT is new URL('../..', import.meta.url): right only for files one folder under out/.
    const built = readdirSync(join(tmp, 'build', 'out', 'main')).filter((name) => name.endsWith('.js'));
    const asking = built.filter((name) => readFileSync(join(tmp, 'build', 'out', 'main', name), 'utf8').includes('new URL("../..", import.meta.url)'));
    expect(asking.length).toBeGreaterThan(0);
    for (const dir of ['preload', 'renderer']) {
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
      for (const file of walk(join(tmp, 'build', 'out', dir))) expect(readFileSync(file, 'utf8')).not.toContain('new URL("../..", import.meta.url)');
    }
  });

  it('unpacks the worker entries and the chunks beside them', () => {
    const header = JSON.stringify(getRawHeader(archive).header);
    expect(header).toContain('"unpacked":true');
    const from = pathToFileURL(join(archive, 'out', 'main', 'index.js')).toString();
    for (const name of ['preparation-worker', 'batch-writer-worker'] as WorkerName[]) {
      const url = workerUrl(name, from);
      expect(url.pathname).toContain('/app.asar.unpacked/out/main/');
      expect(existsSync(url)).toBe(true);
    }
    const chunks = readdirSync(unpackedPath(join(archive, 'out', 'main')));
    expect(chunks.length).toBe(readdirSync(join(tmp, 'build', 'out', 'main')).length);
  });

  it('starts the preparation worker from its unpacked place under plain Node, and it opens a store there', async () => {
    const dataDir = join(tmp, 'data-preparation');
    mkdirSync(dataDir);
    const worker = new Worker(workerUrl('preparation-worker', pathToFileURL(join(archive, 'out', 'main', 'index.js')).toString()));
    const reply = await answer(worker, { kind: 'inspect', dataDir, storeKey: null, file: { name: 'none.csv', bytes: new Uint8Array(0) }, options: {} });
    // An empty file is refused as such (a read error, not a missing module): the worker's code, its
    // packages and the native module all loaded from app.asar.unpacked.
    expect(reply).toMatchObject({ ok: false, error: { name: 'ReadError', code: 'file.empty' } });
    expect(existsSync(join(dataDir, 'casedesk.sqlite'))).toBe(true);
  });

  it('starts the batch writer worker from its unpacked place under plain Node', async () => {
    const worker = new Worker(workerUrl('batch-writer-worker', pathToFileURL(join(archive, 'out', 'main', 'index.js')).toString()));
    expect(await answer(worker, { kind: 'abort' })).toMatchObject({ kind: 'aborted' });
  });
});

/** The worker's first reply; a worker whose code cannot load fails with an error event instead. */
async function answer(worker: Worker, message: unknown): Promise<unknown> {
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the worker ended (${code}) without answering`)));
      worker.postMessage(message);
    });
  } finally {
    await worker.terminate();
  }
}
