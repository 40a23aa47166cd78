// SQLite3MC encrypts the database and its WAL, not temporary files: a sort bigger than the page cache
// spills to an etilqs_* file in plain text unless the connection keeps temp data in memory.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'casedesk-temp-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SORTER = join(import.meta.dirname, 'fixtures/big-sort.ts');
let runs = 0;

/** Sorts in a child whose SQLITE_TMPDIR is a fresh folder; what SQLite held there, and after. */
async function sortIn(kind: string): Promise<{ tempStore: number; seen: string[]; left: string[] }> {
  const run = join(root, `run-${++runs}`);
  const tempDir = join(run, 'tmp');
  const dataDir = join(run, 'data');
  for (const dir of [tempDir, dataDir]) mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', SORTER, kind, dataDir], {
    env: { ...process.env, SQLITE_TMPDIR: tempDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`sorter exited ${code}: ${stderr}`);
  return { ...(JSON.parse(stdout) as { tempStore: number; seen: string[] }), left: readdirSync(tempDir) };
}

describe('temporary files', () => {
  it('a connection opened without temp_store = MEMORY does spill a big sort to a file (the probe works)', async () => {
    const { seen } = await sortIn('bare');
    expect(seen.some((f) => f.includes('etilqs_'))).toBe(true);
  });

  it.each(['store', 'emulator-file', 'emulator-memory'])('a %s connection sorts in memory, leaving no file in SQLITE_TMPDIR', async (kind) => {
    const { tempStore, seen, left } = await sortIn(kind);
    expect(seen).toEqual([]);
    expect(left).toEqual([]);
    expect(tempStore).toBe(2); // MEMORY
  });
});
