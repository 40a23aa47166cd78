// The store's repositories as the rest of the app uses them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Failure, formatFailure } from '../../src-main/domain/failures/failure';
import { TEST_STORE_KEY } from '../support/store-key';
import {
  batchInEnvironment,
  countCasesByStatus,
  createBatch,
  deleteBatchRows,
  findMappingTemplate,
  getAccount,
  getBaseUrl,
  getSetting,
  getSyncMark,
  insertBatchCases,
  listBatches,
  addRowIssues,
  listIssues,
  listBots,
  openStore,
  pageBatchCases,
  removeAccount,
  saveAccount,
  saveBots,
  saveMappingTemplate,
  setBaseUrl,
  setSetting,
  setSyncMark,
  type BatchCaseInput,
} from '../../src-main/store';
import { aBotBody } from '../support/wire-bodies';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-repos-'));
const store = openStore(dir, TEST_STORE_KEY);
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const aCase = (code: string, status: BatchCaseInput['status'] = 'ready'): BatchCaseInput => ({
  code,
  firstName: 'Ana',
  lastName: 'Pérez',
  phones: ['3514567890'],
  products: [{ debt_code: 'D1', pid: 'Tarjeta', debt: '10.00', expiration: '2026-12-31' }],
  params: {},
  sourceRows: [2],
  status,
});

describe('environments and accounts', () => {
  it('keeps a checked base URL per environment and refuses an unsafe one', () => {
    expect(setBaseUrl(store.db, 'test', 'https://test.example.com/')).toBe('https://test.example.com');
    expect(getBaseUrl(store.db, 'test')).toBe('https://test.example.com');
    expect(() => setBaseUrl(store.db, 'production', 'http://prod.example.com')).toThrow(
      expect.objectContaining({ code: 'url.not_https', params: { origin: 'http://prod.example.com' } }),
    );
    expect(getBaseUrl(store.db, 'production')).toBeNull();
  });

  it('refuses an unacceptable base URL as a failure of the catalog, worded in either language', () => {
    let refused: unknown;
    try {
      setBaseUrl(store.db, 'production', 'http://prod.example.com');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(Failure);
    const failure = refused as Failure;
    expect(failure.toData()).toEqual({ code: 'url.not_https', params: { origin: 'http://prod.example.com' } });
    expect(formatFailure('es', failure.code, failure.params)).toBe('http://prod.example.com debe usar https (http simple solo se permite en este equipo).');
    expect(() => setBaseUrl(store.db, 'test', 'no es una url')).toThrow(expect.objectContaining({ code: 'url.not_a_url' }));
  });

  it('keeps who is signed in, and forgets it at sign-out', () => {
    saveAccount(store.db, 'test', 'agente@example.com');
    expect(getAccount(store.db, 'test')).toMatchObject({ environment: 'test', email: 'agente@example.com' });
    removeAccount(store.db, 'test');
    expect(getAccount(store.db, 'test')).toBeNull();
  });
});

describe('batches', () => {
  it('stores cases in one go, counts them by status and pages them by id', () => {
    const id = createBatch(store.db, { environment: 'demo', name: 'Acreedor noviembre', sourceFile: 'deudores.xlsx', maxPhonePriority: 2 });
    const cases = Array.from({ length: 450 }, (_, i) => aCase(`C${i}`, i % 10 === 0 ? 'rejected' : 'ready'));
    expect(insertBatchCases(store.db, id, cases)).toBe(450);
    expect(countCasesByStatus(store.db, id)).toEqual({ ready: 405, warning: 0, rejected: 45, excluded: 0, suppressed: 0 });
    const first = pageBatchCases(store.db, id, { limit: 200 });
    const second = pageBatchCases(store.db, id, { limit: 200, afterId: first[first.length - 1]?.id });
    expect(first.map((c) => c.code).slice(0, 2)).toEqual(['C0', 'C1']);
    expect(second[0]?.code).toBe('C200');
    expect(pageBatchCases(store.db, id, { status: 'rejected', limit: 1000 })).toHaveLength(45);
    expect(first[0]).toMatchObject({ phones: ['3514567890'], uploadState: 'pending', sourceRows: [2] });
  });

  it('writes all cases of a call or none: a duplicate code rolls the whole call back', () => {
    const id = createBatch(store.db, { environment: 'demo', name: 'dup', sourceFile: 'x.csv', maxPhonePriority: 0 });
    expect(() => insertBatchCases(store.db, id, [aCase('A'), aCase('B'), aCase('A')])).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_UNIQUE' }));
    expect(countCasesByStatus(store.db, id).ready).toBe(0);
  });

  it('gives back every issue as it was written, whatever its params', () => {
    const id = createBatch(store.db, { environment: 'demo', name: 'issues', sourceFile: 'x.xlsx', maxPhonePriority: 1 });
    const issues = [
      {
        severity: 'fix' as const,
        kind: 'phone-fixed',
        field: 'phones',
        rows: [3, 4],
        params: { before: '011 4567-8901', after: '1145678901' },
        before: '011 4567-8901',
        after: '1145678901',
      },
      { severity: 'warning' as const, kind: 'phone-dropped', field: 'phones', rows: [3], params: { before: 'sin dato', why: 'junk' }, before: 'sin dato' },
      {
        severity: 'fix' as const,
        kind: 'edited',
        field: 'first_name',
        rows: [3],
        params: { field: 'first_name', before: 'ANA', after: 'Ana' },
        before: 'ANA',
        after: 'Ana',
      },
      { severity: 'error' as const, kind: 'no-valid-phones', field: 'phones', rows: [3, 4], params: {} },
    ];
    insertBatchCases(store.db, id, [{ ...aCase('K1'), issues }]);
    expect(listIssues(store.db, id).map(({ id: _id, caseId: _case, code: _code, ...rest }) => rest)).toEqual(
      issues.map((i) => ({ before: undefined, after: undefined, ...i })),
    );
  });

  it('lists errors and warnings alone, keyed as in the whole list, for the error report', () => {
    const id = createBatch(store.db, { environment: 'demo', name: 'sin correcciones', sourceFile: 'x.xlsx', maxPhonePriority: 1 });
    const fix = { severity: 'fix' as const, kind: 'phone-fixed', field: 'phones', rows: [2], params: { before: '011 4567-8901', after: '1145678901' } };
    const warning = { severity: 'warning' as const, kind: 'phone-dropped', field: 'phones', rows: [2], params: { before: 'sin dato', why: 'junk' } };
    insertBatchCases(store.db, id, [
      { ...aCase('F1'), issues: [fix] },
      { ...aCase('W1'), status: 'warning', issues: [fix, warning] },
    ]);
    addRowIssues(store.db, id, [
      { severity: 'error', kind: 'code-missing', field: 'code', rows: [9], params: {} },
      { severity: 'fix', kind: 'row-fixed', field: 'code', rows: [10], params: {} },
    ]);
    const all = listIssues(store.db, id);
    const shown = listIssues(store.db, id, { withoutFixes: true });
    expect(shown.map((i) => [i.code, i.kind])).toEqual([
      [null, 'code-missing'],
      ['W1', 'phone-dropped'],
    ]);
    expect(shown.map((i) => i.id)).toEqual(all.filter((i) => i.severity !== 'fix').map((i) => i.id));
  });

  it('reads issues kept as objects by earlier versions as they were kept, and refuses one of no known severity', () => {
    const id = createBatch(store.db, { environment: 'demo', name: 'de antes', sourceFile: 'v.xlsx', maxPhonePriority: 1 });
    insertBatchCases(store.db, id, [{ ...aCase('V1'), status: 'warning' }]);
    const old = { severity: 'warning', kind: 'phone-dropped', field: 'phones', rows: [2], params: { before: 'x' }, before: null, after: null, note: 'kept' };
    const setIssues = store.db.prepare("UPDATE batch_cases SET issues_json = ?, warning_count = 1 WHERE batch_id = ? AND code = 'V1'");
    setIssues.run(JSON.stringify([old]), id);
    const [shown] = listIssues(store.db, id, { withoutFixes: true });
    expect(shown).toMatchObject({ kind: 'phone-dropped', note: 'kept', id: expect.stringMatching(/:0$/) as unknown });
    expect(shown?.before).toBeUndefined();
    expect(shown?.after).toBeUndefined();
    // A severity no version wrote is not left out unread: the report fails rather than leave a reason out.
    for (const odd of [{ ...old, severity: 'info' }, ['constructor', 'phone-dropped', 'phones', [2], {}], 5]) {
      setIssues.run(JSON.stringify([odd]), id);
      expect(() => listIssues(store.db, id, { withoutFixes: true })).toThrow(Error);
      expect(() => listIssues(store.db, id, { severity: 'fix' })).toThrow(Error);
    }
  });

  it('names every issue by a key of its own, however many a case has', () => {
    const id = createBatch(store.db, { environment: 'demo', name: 'muchas filas', sourceFile: 'm.xlsx', maxPhonePriority: 2 });
    // A case built from 10,001 rows, each with a fix: the next case's first issue must not share a key with any of them.
    const many = Array.from({ length: 10_001 }, (_, n) => ({
      severity: 'fix' as const,
      kind: 'phone-fixed',
      field: 'phones',
      rows: [n + 2],
      params: { before: 'a', after: 'b' },
    }));
    insertBatchCases(store.db, id, [
      { ...aCase('M1'), issues: many },
      { ...aCase('M2'), issues: [many[0]!] },
    ]);
    const keys = listIssues(store.db, id).map((i) => i.id);
    expect(keys).toHaveLength(10_002);
    expect(new Set(keys).size).toBe(10_002);
  });

  it('never lets a batch of one environment be used in another', () => {
    const id = createBatch(store.db, { environment: 'test', name: 'de prueba', sourceFile: 'x.csv', maxPhonePriority: 0 });
    expect(batchInEnvironment(store.db, id, 'test').name).toBe('de prueba');
    expect(() => batchInEnvironment(store.db, id, 'production')).toThrow(expect.objectContaining({ code: 'batch.other_environment' }));
    expect(listBatches(store.db, 'production').map((b) => b.id)).not.toContain(id);
  });

  it("never gives a deleted batch's id again: an audit entry or a swept import names one batch only", () => {
    const newest = createBatch(store.db, { environment: 'demo', name: 'borrado', sourceFile: 'b.csv', maxPhonePriority: 0 });
    deleteBatchRows(store.db, newest);
    const next = createBatch(store.db, { environment: 'demo', name: 'siguiente', sourceFile: 's.csv', maxPhonePriority: 0 });
    expect(next).toBeGreaterThan(newest);
  });
});

describe('cache, settings, templates and sync marks', () => {
  it("keeps each environment's bots apart", () => {
    const bot = aBotBody();
    saveBots(store.db, 'test', [bot]);
    saveBots(store.db, 'production', [
      { ...bot, id: 2 },
      { ...bot, id: 3 },
    ]);
    expect(listBots(store.db, 'test').bots.map((b) => b.id)).toEqual([1]);
    expect(listBots(store.db, 'production').bots.map((b) => b.id)).toEqual([2, 3]);
    saveBots(store.db, 'production', []);
    expect(listBots(store.db, 'production').bots).toEqual([]);
  });

  it('reads settings with a fallback, templates by header signature, and sync marks per scope', () => {
    expect(getSetting(store.db, 'language', 'es')).toBe('es');
    setSetting(store.db, 'language', 'en');
    expect(getSetting(store.db, 'language', 'es')).toBe('en');
    saveMappingTemplate(store.db, 'Banco Sur', 'dni|nombre|tel 1', { columns: { code: 'DNI' } });
    expect(findMappingTemplate(store.db, 'dni|nombre|tel 1')).toMatchObject({ creditor: 'Banco Sur', mapping: { columns: { code: 'DNI' } } });
    setSyncMark(store.db, 'demo', 'campaign-cases', '12', '2026-11-22T10:00:00Z');
    expect(getSyncMark(store.db, 'demo', 'campaign-cases', '12')).toBe('2026-11-22T10:00:00Z');
    expect(getSyncMark(store.db, 'test', 'campaign-cases', '12')).toBeNull();
  });
});
