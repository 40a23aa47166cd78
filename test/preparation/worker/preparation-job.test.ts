// Preparing in a worker thread gives the same batch as in-process, and the same clear errors.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadError } from '../../../src-main/preparation/reading/read-errors';
import { inspectInWorker, prepareInWorker } from '../../../src-main/preparation/worker/preparation-job';
import { countCasesByStatus, openStore } from '../../../src-main/store';
import { TEST_STORE_KEY } from '../../support/store-key';
import { sourceFile } from '../../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prepareInWorker', () => {
  it('prepares the sample into the same store the main thread reads', async () => {
    const dataDir = join(dir, 'a');
    openStore(dataDir, TEST_STORE_KEY).close();
    const summary = await prepareInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2 });
    expect(summary).toMatchObject({ cases: 11, ready: 8, rejected: 3 });
    const store = openStore(dataDir, TEST_STORE_KEY);
    expect(countCasesByStatus(store.db, summary.batch_id).rejected).toBe(3);
    store.close();
  });

  it('prepares with the batch writer thread started from the worker thread (as big files do)', async () => {
    const dataDir = join(dir, 'nested');
    const summary = await prepareInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, writer: 'thread' });
    expect(summary).toMatchObject({ cases: 11, ready: 8, rejected: 3 });
    const store = openStore(dataDir, TEST_STORE_KEY);
    expect(countCasesByStatus(store.db, summary.batch_id)).toMatchObject({ rejected: 3 });
    store.close();
  });

  it('inspects a file, and brings a hostile file\'s error back as the same ReadError', async () => {
    const dataDir = join(dir, 'b');
    const inspection = await inspectInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), {});
    expect(inspection).toMatchObject({ sheet: 'Cartera', headerRow: 4, dataRows: 14 });
    const junk = join(dir, 'junk.xlsx');
    writeFileSync(junk, Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)));
    const err = await inspectInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(junk), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect((err as ReadError).message).toMatch(/junk\.xlsx is not a spreadsheet/);
    expect((err as ReadError).messageEs).toMatch(/no es una planilla/);
  });
});
