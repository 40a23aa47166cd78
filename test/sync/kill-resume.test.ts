// The promise under the harshest fault: a process uploading 10,000 cases is killed with SIGKILL at
// random moments and started again each time; at the end every case is on the service exactly once.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCounts } from '../../src-main/store';
import { useEmulator } from '../support/emulator';
import { expectExactlyOnce, uploadWorld, type UploadWorld } from './upload-fixture';
import { seededRandom } from '../support/seeded-random';
import { bundledChild, type BundledChild } from '../support/bundled-child';

const CHILD = join(import.meta.dirname, 'fixtures/upload-child.ts');
// Started 20+ times: plain JavaScript, not compiled by tsx at each start.
let uploader: BundledChild | undefined;
beforeAll(async () => {
  uploader = await bundledChild(CHILD);
});
// A big page size keeps each read-back of 10,000 cases to a handful of requests.
const emulator = useEmulator({ pageSize: 1000 });
let w: UploadWorld | undefined;
afterAll(() => {
  w?.cleanup();
  uploader?.remove();
});

function runChild(killAfterMs: number | null): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [uploader?.script ?? '', w?.store.file.replace(/\/casedesk\.sqlite$/, '') ?? '', emulator.current.url, String(w?.batchId), String(w?.campaignId)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let timer: NodeJS.Timeout | undefined;
    // The clock starts at the first request, so kills land during the upload, not during start-up.
    child.stdout.once('data', () => {
      if (killAfterMs !== null) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.once('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === 'SIGKILL') resolve({ killed: true, output });
      else if (code === 0) resolve({ killed: false, output });
      else reject(new Error(`child exited ${code}: ${stderr}`));
    });
  });
}

describe('killing the uploader', () => {
  it('at 20+ random moments still loads each of 10,000 cases exactly once', async () => {
    w = await uploadWorld(emulator.current.url, 10_000);
    const kills: number[] = [];
    const { random, seed } = seededRandom('kill-resume');
    let finished = false;
    for (let round = 0; round < 40 && !finished; round++) {
      // Until 20 kills have landed, kill every run; then let one finish.
      const delay = kills.length < 20 ? Math.floor(random() * 80) : null;
      const { killed, output } = await runChild(delay);
      if (killed) kills.push(delay ?? -1);
      else finished = output.includes('"status":"done"');
    }
    expect(kills.length, `seed ${seed}, kills at ${kills.join(', ')} ms`).toBeGreaterThanOrEqual(20);
    expect(finished).toBe(true);
    w.store.db.pragma('wal_checkpoint(PASSIVE)');
    expect(w.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(uploadCounts(w.store.db, w.batchId)).toMatchObject({ loaded: 10_000, pending: 0, inDoubt: 0 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes), `seed ${seed}, kills at ${kills.join(', ')} ms`).toEqual({
      duplicates: [],
      missing: [],
      extra: [],
    });
  }, 240_000);
});
