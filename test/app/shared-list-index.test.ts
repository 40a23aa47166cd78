// The organization's list is compiled once per change and kept, sealed, in the data folder: a second
// app (or CLI run) on the same folder uses it without parsing the list, a list rewritten with the same
// size and time is told apart by its content, and the index shows none of the list's numbers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src-main/policy/policy';
import { pageSharedList } from '../../src-main/preparation/ledger/shared-list';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import { sharedLedger, sharedListCompiles } from '../../src-main/app/shared-ledger';
import { SHARED_LIST_INDEX } from '../../src-main/app/shared-list-index';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-shared-index-'));
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh app on `data`, as a new process would be (its own memory, the same data folder). */
function appOn(data: string, list: string): AppContext {
  const policyFile = join(dir, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({ shared_ledger: list }));
  const ctx = createAppContext({ dataDir: join(dir, data), policy: loadPolicy({ CASEDESK_POLICY: policyFile }) });
  contexts.push(ctx);
  return ctx;
}

const values = async (ctx: AppContext) => {
  const { list } = await sharedLedger(ctx);
  return list ? pageSharedList(list, { offset: 0, limit: 100 }).entries.map((e) => e.value) : null;
};

describe('the shared list index', () => {
  it('is used by the next app on the same data folder, without compiling the list again', async () => {
    const list = join(dir, 'no-llame.txt');
    writeFileSync(list, '1145678901\n3514567890\n');
    expect(await values(appOn('a', list))).toEqual(['1145678901', '3514567890']);
    expect(sharedListCompiles(list)).toBe(1);
    expect(await values(appOn('a', list))).toEqual(['1145678901', '3514567890']);
    expect(sharedListCompiles(list)).toBe(1);
    // Another data folder has no index of its own yet.
    await values(appOn('b', list));
    expect(sharedListCompiles(list)).toBe(2);
  });

  it('is compiled again when the list changed without changing its size or time, by a new app or the same one', async () => {
    const list = join(dir, 'misma-hora.txt');
    writeFileSync(list, '1145678901\n');
    const app = appOn('c', list);
    expect(await values(app)).toEqual(['1145678901']);
    const { mtime } = statSync(list);
    writeFileSync(list, '1145678902\n');
    utimesSync(list, mtime, mtime);
    expect(await values(appOn('c', list))).toEqual(['1145678902']);
    expect(sharedListCompiles(list)).toBe(2);
    // The app that read it before sees the new content too: what it keeps in memory is checked by its hash.
    writeFileSync(list, '1145678903\n');
    utimesSync(list, mtime, mtime);
    expect(await values(app)).toEqual(['1145678903']);
  });

  it('is sealed: none of the list’s numbers or codes is in the file', async () => {
    const list = join(dir, 'sellada.csv');
    writeFileSync(list, 'Teléfono;DNI\n1145678901;30111222\n');
    await values(appOn('d', list));
    const index = readFileSync(join(dir, 'd', SHARED_LIST_INDEX));
    expect(index.includes(Buffer.from('30111222'))).toBe(false);
    expect(index.includes(Buffer.from('sellada'))).toBe(false);
    // 1145678901 as the 32-bit number it is kept as.
    const asNumber = Buffer.alloc(4);
    asNumber.writeUInt32LE(1145678901);
    expect(index.includes(asNumber)).toBe(false);
    expect(statSync(join(dir, 'd', SHARED_LIST_INDEX)).mode & 0o077).toBe(0);
  });
});

describe('a planted index', () => {
  it('that is a link, a folder or a pipe is never followed nor waited on: the list is compiled again', { timeout: 10_000 }, async () => {
    const list = join(dir, 'plantada.txt');
    writeFileSync(list, '1145678901\n');
    for (const [name, plant] of [
      ['link', (at: string) => symlinkSync(join(dir, 'otra-cosa'), at)],
      ['folder', (at: string) => mkdirSync(at)],
      ['pipe', (at: string) => execFileSync('mkfifo', [at])],
    ] as const) {
      const data = join(dir, `plantada-${name}`);
      mkdirSync(data, { recursive: true });
      plant(join(data, SHARED_LIST_INDEX));
      expect(await values(appOn(`plantada-${name}`, list))).toEqual(['1145678901']);
    }
  });
});
