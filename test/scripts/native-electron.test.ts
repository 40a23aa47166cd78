// `npm run native:electron` where Electron's binary was never downloaded (CI, these machines): it says
// there is nothing to build and succeeds, so `npm start` goes on to the browser.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../scripts/native-electron.mjs');

function electronInstalled(): boolean {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  return existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()));
}

describe.skipIf(electronInstalled())('npm run native:electron without Electron', () => {
  it('builds nothing, says why, and succeeds', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Electron is not installed here.*nothing to build/);
    expect(existsSync(join(import.meta.dirname, '../../out/native/electron/stage'))).toBe(false);
  });
});
