// In the app and the browser host a do-not-contact list and a corrected error report are parsed in the
// preparation worker: while a file that takes seconds to read is read, this thread (the one that
// answers the screens) keeps running its timers. The bound is relative to the same parse run on this
// thread, measured in the same test, so a loaded machine slows both alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorrections } from '../../src-main/preparation/import-corrections';
import { readLedgerFile } from '../../src-main/preparation/ledger/read-ledger-file';
import { preparationsSettled } from '../../src-main/preparation/worker/preparation-job';
import { NO_POLICY } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { repeatedCellOds } from '../support/ods-bomb';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-read-off-thread-'));
const ctx = createAppContext({ dataDir: dir, policy: NO_POLICY, preparationInWorker: true });
const surface = createSurface(ctx);
/** A hostile .ods well under the budgets: 600,000 cells of "x", seconds to read, and neither a list nor a report. */
let slow: Buffer;
beforeAll(async () => {
  slow = await repeatedCellOds(120_000, 5);
});
afterAll(async () => {
  await ctx.close();
  await preparationsSettled();
  rmSync(dir, { recursive: true, force: true });
});

/** How long `work` took, and the longest this thread went without running a 5 ms timer meanwhile. */
async function watched<T>(work: () => Promise<T>): Promise<{ outcome: T; took: number; stall: number }> {
  const started = performance.now();
  let last = started;
  let stall = 0;
  const tick = () => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  };
  const timer = setInterval(tick, 5);
  try {
    const outcome = await work();
    tick();
    return { outcome, took: performance.now() - started, stall };
  } finally {
    clearInterval(timer);
  }
}

const receive = async (name: string) => {
  const answer = await surface.call('files:receive', { name, base64: slow.toString('base64') });
  if (!answer.ok) throw new Error(answer.error.code);
  return answer.value.fileId;
};

// Each test parses for seconds twice and starts workers (slow from TypeScript on a loaded machine): a longer timeout.
describe('a slow file imported through the surface', () => {
  it('as a do-not-contact list, leaves this thread free while it is parsed, and fails as it did', async () => {
    const fileId = await receive('no-llamar.ods');
    const there = await watched(() => surface.call('ledger:import', { fileId }));
    expect(there.outcome).toMatchObject({ ok: false, error: { code: 'ledger.no_header', params: { file: 'no-llamar.ods', sheet: 'Hoja1' } } });
    // The same parse on this thread, after (its garbage must not be collected while the other is timed).
    const here = await watched(() => readLedgerFile({ name: 'no-llamar.ods', bytes: new Uint8Array(slow) }).catch((e: unknown) => e));
    expect(here.outcome).toMatchObject({ code: 'ledger.no_header' });
    expect(there.stall).toBeLessThan(here.took / 2);
  }, 90_000);

  it('as a corrected error report, leaves this thread free while it is parsed, and fails as it did', async () => {
    const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    if (!prepared.ok) throw new Error(prepared.error.code);
    const fileId = await receive('corregido.ods');
    const there = await watched(() => surface.call('batches:importCorrections', { batchId: prepared.value.batchId, fileId }));
    expect(there.outcome).toMatchObject({ ok: false, error: { code: 'read.not_a_correction_report', params: { file: 'corregido.ods' } } });
    const here = await watched(() => readCorrections({ name: 'corregido.ods', bytes: new Uint8Array(slow) }).catch((e: unknown) => e));
    expect(here.outcome).toMatchObject({ code: 'read.not_a_correction_report' });
    expect(there.stall).toBeLessThan(here.took / 2);
  }, 90_000);
});
