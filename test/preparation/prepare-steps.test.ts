// Each step of preparing a file alone: what the step before it handed on in, its own part out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import type { PrepareOptions, PrepareProgress, PrepareTimings } from '../../src-main/preparation/prepare-run';
import { finishPrepare, inspectSheet, preparedCase, readSource, startBuild, writeCases } from '../../src-main/preparation/prepare-steps';
import { getBatch, openStore, saveMappingTemplate, type Store } from '../../src-main/store';
import { sourceFile } from '../support/source-file';
import { TEST_STORE_KEY } from '../support/store-key';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.csv');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-prepare-steps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const stores: Store[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.close()));

let n = 0;
function aStore(): Store {
  const store = openStore(join(dir, String(n++)), TEST_STORE_KEY);
  stores.push(store);
  return store;
}

const OPTS: PrepareOptions = { environment: 'demo', maxPhonePriority: 2, writer: 'inline' };
const text = (name: string, csv: string) => ({ name, bytes: new TextEncoder().encode(csv) });
const batches = (store: Store) => store.db.prepare('SELECT count(*) FROM batches').pluck().get();

describe('the steps of preparing a file', () => {
  it('readSource reads the rows and times it; the build starts after', async () => {
    const read = await readSource(sourceFile(SAMPLE));
    expect(read.table.fileName).toBe('cartera-banco-del-sur.csv');
    expect(read.table.sheets).toHaveLength(1);
    expect(read.readMs).toBeGreaterThanOrEqual(0);
    expect(read.buildStarted).toBeGreaterThan(0);
  });

  it('inspectSheet finds the header under the title rows, suggests a mapping and takes the target given', async () => {
    const store = aStore();
    const inspected = inspectSheet(store, await readSource(sourceFile(SAMPLE)), OPTS);
    expect(inspected).toMatchObject({ headerIndex: 3, source: 'suggested', maxPhonePriority: 2, creditor: null });
    expect(inspected.headers[0]).toBe('DNI');
    expect(inspected.mapping.columns).toMatchObject({ code: 'DNI' });
  });

  it('inspectSheet takes a template saved for this header, and its creditor unless one is given', async () => {
    const store = aStore();
    const read = await readSource(sourceFile(SAMPLE));
    const suggested = inspectSheet(store, read, OPTS);
    saveMappingTemplate(store.db, 'Banco del Sur', suggested.signature, { ...suggested.mapping, max_phone_priority: 1 });
    expect(inspectSheet(store, read, { environment: 'demo' })).toMatchObject({ source: 'template', creditor: 'Banco del Sur', maxPhonePriority: 1 });
    expect(inspectSheet(store, read, { ...OPTS, creditor: ' Otro ' })).toMatchObject({ source: 'template', creditor: 'Otro', maxPhonePriority: 2 });
  });

  it('inspectSheet says why a file cannot be prepared as it is, by code', async () => {
    const store = aStore();
    const read = await readSource(sourceFile(SAMPLE));
    expect(() => inspectSheet(store, read, { environment: 'demo' })).toThrow(expect.objectContaining({ code: 'prepare.no_target' }));
    expect(() => inspectSheet(store, read, { environment: 'demo', campaignId: 9 })).toThrow(
      expect.objectContaining({ code: 'prepare.campaign_not_here', params: { campaignId: 9 } }),
    );
    expect(() => inspectSheet(store, read, { ...OPTS, sheet: 'Hoja9' })).toThrow(expect.objectContaining({ code: 'prepare.no_such_sheet' }));
    const headerOnly = await readSource(text('solo.csv', 'DNI;Apellido y Nombre;Celular\n'));
    expect(() => inspectSheet(store, headerOnly, OPTS)).toThrow(expect.objectContaining({ code: 'prepare.header_only' }));
    const unknown = await readSource(text('otra.csv', 'a;b\n1;2\n'));
    expect(() => inspectSheet(store, unknown, { ...OPTS, headerRow: 1 })).toThrow(expect.objectContaining({ code: 'prepare.columns_not_recognised' }));
  });

  it('startBuild groups the rows and names the batch, writing nothing yet', async () => {
    const store = aStore();
    const building = startBuild(store, inspectSheet(store, await readSource(sourceFile(SAMPLE)), OPTS), OPTS);
    expect(building.built.count).toBe(11);
    expect(building.batch).toMatchObject({ environment: 'demo', name: 'cartera-banco-del-sur.csv · cartera-banco-del-sur', headerRow: 4, maxPhonePriority: 2 });
    expect(building.template).toBeNull();
    expect(building.checks.tally).toEqual({
      ready: 0,
      rejected: 0,
      warnings: 0,
      fixes: 0,
      rows: building.built.rowErrors.length,
      suppressedCases: 0,
      suppressedPhones: 0,
      duplicates: 0,
    });
    expect(batches(store)).toBe(0);
  });

  it('preparedCase counts each case on its way to the writer', async () => {
    const store = aStore();
    const building = startBuild(store, inspectSheet(store, await readSource(sourceFile(SAMPLE)), OPTS), OPTS);
    const inputs = [...building.built.cases()].map((c) => preparedCase(building.checks, c));
    expect(inputs).toHaveLength(11);
    expect(building.checks.tally).toMatchObject({ ready: 8, rejected: 3 });
    expect(building.checks.tally.rows).toBe(inputs.reduce((sum, c) => sum + c.sourceRows.length, building.built.rowErrors.length));
    expect(Object.keys(inputs[0] ?? {})).toContain('raw');
  });

  it('writeCases writes and commits the batch, telling how far it is; a stop leaves no batch', async () => {
    const store = aStore();
    const building = startBuild(store, inspectSheet(store, await readSource(sourceFile(SAMPLE)), OPTS), OPTS);
    const told: PrepareProgress[] = [];
    const written = await writeCases(store, building, { ...OPTS, onProgress: (p) => told.push(p) });
    expect(getBatch(store.db, written.batchId)).toMatchObject({ environment: 'demo', sourceFile: 'cartera-banco-del-sur.csv' });
    expect(written.onCallerThread).toBe(true);
    expect(written.busyMs).toBeGreaterThan(0);
    expect(told).toEqual([
      { done: 0, total: 11 },
      { done: 11, total: 11 },
    ]);

    const other = aStore();
    const stopped = startBuild(other, inspectSheet(other, await readSource(sourceFile(SAMPLE)), OPTS), OPTS);
    await expect(writeCases(other, stopped, { ...OPTS, signal: { aborted: true } })).rejects.toMatchObject({
      code: 'prepare.cancelled',
      params: { file: 'cartera-banco-del-sur.csv' },
    });
    expect(batches(other)).toBe(0);
  });

  it('finishPrepare tells the timings and sums up the batch as prepareBatch does', async () => {
    const store = aStore();
    let timings: PrepareTimings | null = null;
    const opts = { ...OPTS, onTimings: (t: PrepareTimings) => (timings = t) };
    const building = startBuild(store, inspectSheet(store, await readSource(sourceFile(SAMPLE)), opts), opts);
    const summary = finishPrepare(store, await writeCases(store, building, opts), opts);
    const whole = await prepareBatch(aStore(), sourceFile(SAMPLE), OPTS);
    expect(summary).toEqual({ ...whole, batchId: summary.batchId });
    expect(summary).toMatchObject({ cases: 11, ready: 8, rejected: 3, headerRow: 4, mappingSource: 'suggested' });
    expect(timings).toMatchObject({ readMs: building.readMs, writeMs: expect.any(Number), stages: building.stages });
  });
});
