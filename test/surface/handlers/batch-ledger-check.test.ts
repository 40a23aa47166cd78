// Opening a batch checks the do-not-contact lists again: an entry added after the batch was prepared
// shows at once in the grid (its status, its filter), named by code, not only when it is uploaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { addLedgerEntry, pageBatchCases } from '../../../src-main/store';
import { createAppContext } from '../../../src-main/surface/app-context';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { createSurface } from '../../../src-main/surface/surface';
import { sourceFile } from '../../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-ledger-check-'));
const ctx = createAppContext({ dataDir: dir });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends keyof ProcedureOutputs>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await surface.call(name, input);
  if (!answer.ok) throw Object.assign(new Error(answer.error.code), { error: answer.error });
  return answer.value;
}

describe('batches:checkLedger', () => {
  it('applies an entry added after preparing, names the cases it held, and changes nothing the second time', async () => {
    const { batchId } = await prepareBatch(ctx.store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2 });
    const statusOf = (code: string) => pageBatchCases(ctx.store.db, batchId, { limit: 100 }).find((c) => c.code === code)?.status;
    expect(statusOf('30111222')).not.toBe('suppressed');
    // The DNI of 30111222 inside a CUIT, and a phone of 20123456 written another way.
    addLedgerEntry(ctx.store.db, { kind: 'code', value: '20-30111222-0', reason: 'debtor-asked', addedBy: 'ana' });
    addLedgerEntry(ctx.store.db, { kind: 'phone', value: '1155556666', reason: 'wrong-number', addedBy: 'ana' });

    const checked = await call('batches:checkLedger', { batchId });
    expect(checked).toMatchObject({ cases: 1, phones: 1, released: 0, notices: [] });
    expect(checked.held).toEqual(
      expect.arrayContaining([
        { code: '30111222', suppressed: true, phones: expect.any(Array) as unknown },
        { code: '20123456', suppressed: false, phones: ['1155556666'] },
      ]),
    );
    expect(statusOf('30111222')).toBe('suppressed');
    expect(await call('batches:countCases', { batchId, status: 'suppressed' })).toBe(1);
    expect(await call('batches:checkLedger', { batchId })).toMatchObject({ cases: 0, phones: 0, held: [] });
  });
});
