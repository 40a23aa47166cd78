import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { chooseNativeBinding, chosenBinding, NATIVE_BINDING_ENV } from '../../src-main/sqlite/native-binding';
import { openDatabase } from '../../src-main/sqlite/sqlcipher';

const root = '/project';
const electronBuild = join(root, 'out', 'native', 'electron', 'better_sqlite3.node');
const stamp = join(root, 'out', 'native', 'electron', 'electron-version.txt');

function choose(opts: { electron?: string; packaged?: boolean; files?: Record<string, string> }) {
  const files = opts.files ?? {};
  return chooseNativeBinding({
    versions: opts.electron === undefined ? {} : { electron: opts.electron },
    packaged: opts.packaged ?? false,
    root,
    exists: (path) => Object.hasOwn(files, path),
    readText: (path) => files[path] ?? null,
  });
}

describe('the native module a process opens', () => {
  it('is the Electron build under a development Electron', () => {
    expect(choose({ electron: '45.4.1', files: { [electronBuild]: '', [stamp]: '45.4.1\n' } })).toEqual({ ok: true, binding: electronBuild });
  });

  it("is the module's own (Node) build under Node, even where an Electron build exists", () => {
    expect(choose({ files: { [electronBuild]: '', [stamp]: '45.4.1' } })).toEqual({ ok: true, binding: null });
  });

  it("is electron-builder's rebuild in a packaged app", () => {
    expect(choose({ electron: '45.4.1', packaged: true })).toEqual({ ok: true, binding: null });
  });

  it('is a failure saying how to build it when the Electron build is missing', () => {
    const choice = choose({ electron: '45.4.1' });
    expect(choice).toEqual({ ok: false, failure: { code: 'native.electron_missing', params: { path: electronBuild, command: 'npm run native:electron' } } });
    if (choice.ok) return;
    expect(formatFailure('en', choice.failure.code, choice.failure.params)).toContain('"npm run native:electron"');
    expect(formatFailure('es', choice.failure.code, choice.failure.params)).toContain(electronBuild);
  });

  it('is a failure naming both versions when the copy was built for another Electron', () => {
    const choice = choose({ electron: '45.4.1', files: { [electronBuild]: '', [stamp]: '44.0.0' } });
    expect(choice.ok).toBe(false);
    if (choice.ok) return;
    expect(choice.failure.code).toBe('native.electron_stale');
    expect(formatFailure('en', choice.failure.code, choice.failure.params)).toMatch(/Electron 44\.0\.0, not for 45\.4\.1/);
  });

  it('reaches openDatabase (and the worker threads) through the environment main set', () => {
    expect(chosenBinding({})).toBeUndefined();
    expect(chosenBinding({ [NATIVE_BINDING_ENV]: electronBuild })).toBe(electronBuild);
  });

  it('is the file openDatabase loads when main named one', () => {
    process.env[NATIVE_BINDING_ENV] = join(root, 'no-such.node');
    try {
      // eslint-disable-next-line no-restricted-syntax -- Node's own loader refuses the path: its words are all it says
      expect(() => openDatabase(':memory:', null)).toThrow(/no-such\.node/);
    } finally {
      delete process.env[NATIVE_BINDING_ENV];
    }
    openDatabase(':memory:', null).close();
  });
});
