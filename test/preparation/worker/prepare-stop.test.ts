// A stop that comes once every case is built is too late: the worker is not ended while it commits
// and warns the batch (ended then, the batch stayed stored without its shared-phone warnings while
// the answer said no batch was kept). Here the worker gets no grace at all once stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareInWorker } from '../../../src-main/preparation/worker/preparation-job';
import { listBatches, openStore } from '../../../src-main/store';
import { TEST_STORE_KEY } from '../../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-prepare-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every phone shared by five debtors: their warnings are written after the last case. */
function sharedPhones(cases: number): Uint8Array {
  const lines = ['DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < cases; i++) {
    const group = Math.floor(i / 5);
    lines.push(`${30_000_000 + i};APELLIDO${i % 5}, Nombre;351 ${600 + (group % 300)}-${String(1000 + group).slice(-4)};OP-${i};Visa;1.500,50;31/12/2027`);
  }
  return new TextEncoder().encode(lines.join('\n'));
}

describe('stopping a preparation in the worker', () => {
  it('once every case is built, keeps the batch and its warnings', async () => {
    openStore(dir, TEST_STORE_KEY).close();
    const stop = new AbortController();
    const summary = await prepareInWorker(
      { dataDir: dir, key: TEST_STORE_KEY },
      { name: 'compartidos.csv', bytes: sharedPhones(5_000) },
      { environment: 'demo', maxPhonePriority: 0 },
      { onProgress: (p) => p.done === p.total && stop.abort(), signal: stop.signal, graceMs: 0 },
    );
    expect(summary).toMatchObject({ cases: 5_000, warnings: 5_000 });
    const store = openStore(dir, TEST_STORE_KEY);
    expect(listBatches(store.db, 'demo').map((b) => b.id)).toEqual([summary.batchId]);
    store.close();
  });
});
