// The sample creditor file prepared into a batch in a fresh store before each test (the editing
// tests' starting point), and a case looked up by its code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach } from 'vitest';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import { findCaseByCode, getBatchCase, openStore, type Store } from '../../src-main/store';
import { sourceFile } from './source-file';
import { TEST_STORE_KEY } from './store-key';

export const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

export interface SampleBatch {
  /** The test's store and batch: read them inside a test (each test has its own). */
  readonly store: Store;
  readonly batchId: number;
  readonly dir: string;
  caseOf(code: string): ReturnType<typeof getBatchCase>;
}

/** Registers the hooks; call at a test file's top level. */
export function sampleBatchEachTest(name: string): SampleBatch {
  const dir = mkdtempSync(join(tmpdir(), `casedesk-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let store: Store | null = null;
  let batchId = 0;
  let n = 0;
  beforeEach(async () => {
    store = openStore(join(dir, `data-${n++}`), TEST_STORE_KEY);
    batchId = (await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2 })).batchId;
  });
  const sample: SampleBatch = {
    get store() {
      if (!store) throw new Error('sampleBatchEachTest: read the store inside a test');
      return store;
    },
    get batchId() {
      return batchId;
    },
    dir,
    caseOf(code) {
      const id = findCaseByCode(sample.store.db, batchId, code);
      return id === null ? null : getBatchCase(sample.store.db, id);
    },
  };
  return sample;
}
