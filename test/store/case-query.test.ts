// The batch grid's filters, counts and pages, answered by the store, and the query plans that keep
// a page of a big batch from reading the cases it skips.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_STORE_KEY } from '../support/store-key';
import {
  addCaseIssue,
  caseCountQuery,
  casePageFromEndQuery,
  caseKeys,
  kindKey,
  kindOfKey,
  correctedSkippedCount,
  searchText,
  casePageQuery,
  countMatchingCases,
  createBatch,
  deleteBatchRows,
  findCaseByCode,
  insertBatchCases,
  issueKindsOf,
  markSkipped,
  storedTuples,
  type IssueInput,
  openStore,
  pageCases,
  replaceCase,
  summarizeKinds,
  unskipCases,
  type BatchCaseInput,
  type CaseFilter,
  type CaseStatus,
  type Store,
} from '../../src-main/store';

let dir: string;
let store: Store;
let batchId: number;
let otherBatch: number;

const STATUSES: CaseStatus[] = ['ready', 'ready', 'warning', 'rejected', 'suppressed'];
const SURNAMES = ['Pérez', 'Gómez', 'Peña', 'Fernández'];

/** Case i: status cycles, every third has a fixed phone, every fifth a bad date, every seventh is a duplicate (of either kind). */
function aCase(i: number): BatchCaseInput {
  const issues: NonNullable<BatchCaseInput['issues']>[number][] = [];
  if (i % 3 === 0) issues.push({ severity: 'fix', kind: 'phone-fixed', field: 'phones', rows: [i + 2], params: { before: '011 x', after: '11x' } });
  if (i % 5 === 0) issues.push({ severity: 'error', kind: 'date-invalid', field: 'products[0].expiration', rows: [i + 2], params: { before: '31/02' } });
  if (i % 7 === 0)
    issues.push(
      i % 2 === 0
        ? { severity: 'warning', kind: 'duplicate-other-batch', field: 'code', rows: [i + 2], params: { batch: 1 } }
        : { severity: 'warning', kind: 'duplicate-in-campaign', field: 'code', rows: [i + 2], params: { campaign: 5, batch: null } },
    );
  return {
    code: `C${String(i).padStart(5, '0')}`,
    firstName: i % 2 === 0 ? 'María José' : 'Juan',
    lastName: SURNAMES[i % SURNAMES.length] ?? '',
    phones: [`351${String(4_000_000 + i).padStart(7, '0')}`],
    products: [{ debt_code: `D${i}`, pid: 'Tarjeta', debt: '10.00', expiration: '2026-12-31' }],
    params: {},
    sourceRows: [i + 2],
    status: STATUSES[i % STATUSES.length] ?? 'ready',
    issues,
  };
}

const TOTAL = 1_000;
const codesOf = (filter: CaseFilter, offset = 0, limit = 1_000) => pageCases(store.db, batchId, filter, offset, limit).map((c) => c.code);
const expected = (keep: (i: number) => boolean) =>
  Array.from({ length: TOTAL }, (_, i) => i)
    .filter(keep)
    .map((i) => aCase(i).code);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-case-query-'));
  store = openStore(dir, TEST_STORE_KEY);
  // Another batch first, with the same names: nothing of it may show in this one.
  otherBatch = createBatch(store.db, { environment: 'demo', name: 'other', sourceFile: 'o.xlsx', maxPhonePriority: 1 });
  insertBatchCases(
    store.db,
    otherBatch,
    Array.from({ length: 50 }, (_, i) => ({ ...aCase(i), code: `O${i}` })),
  );
  batchId = createBatch(store.db, { environment: 'demo', name: 'grid', sourceFile: 'g.xlsx', maxPhonePriority: 1 });
  insertBatchCases(
    store.db,
    batchId,
    Array.from({ length: TOTAL }, (_, i) => aCase(i)),
  );
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('what a case is found by', () => {
  it('its kinds, each once, as keys', () => {
    // A listed kind by its number (migration 16), in the column and in its key; a kind by name still reads.
    expect(caseKeys({ issueKinds: ' 0 4 ' }).sort()).toEqual([kindKey('phone-fixed'), kindKey('date-invalid')].sort());
    expect(caseKeys({ issueKinds: ' phone-fixed date-invalid ' }).sort()).toEqual(['0', '4']);
    expect(caseKeys({ issueKinds: '' })).toEqual([]);
    // Every kind of duplicate is also found by one key: the grid's duplicates filter.
    expect(caseKeys({ issueKinds: ' duplicate-other-batch duplicate-in-campaign ' }).sort()).toEqual(['d:', 'duplicate-in-campaign', 'duplicate-other-batch']);
    expect(caseKeys({ issueKinds: ' already-uploaded ' }).sort()).toEqual(['already-uploaded', 'd:']);
    // A kind given from outside that looks like a set's key, a number or a marked token is a kind of its own.
    expect(['d:', '7', '?x'].map(kindKey)).toEqual(['?d:', '?7', '??x']);
    expect(['d:', '7', '?x'].map((k) => kindOfKey(kindKey(k)))).toEqual(['d:', '7', '?x']);
  });

  it('its code, name and phone digits, lower case and without accents, as search text', () => {
    expect(searchText({ code: 'AB-12', firstName: 'María José', lastName: 'PEÑA', phones: ['351 400-0001'] })).toBe('ab-12 maria jose pena 3514000001');
  });
});

describe('filters, counts and pages', () => {
  it('pages the whole batch by position, in id order', () => {
    expect(countMatchingCases(store.db, batchId, {})).toBe(TOTAL);
    expect(codesOf({}, 0, 3)).toEqual(['C00000', 'C00001', 'C00002']);
    expect(codesOf({}, 998, 10)).toEqual(['C00998', 'C00999']);
    expect(codesOf({}, TOTAL, 10)).toEqual([]);
  });

  it('reads a page past the middle from the end, the same page as from the start', () => {
    const all = expected(() => true);
    for (const offset of [0, 1, 499, 500, 501, 799, 990, 995, 999, 1_000, 1_001, 5_000])
      for (const limit of [1, 7, 200, 2_000]) expect(codesOf({}, offset, limit), `offset ${offset}, limit ${limit}`).toEqual(all.slice(offset, offset + limit));
    // What the batch keeps (migration 23) is what a count finds; the other batch's cases are its own.
    const counted = (id: number) => store.db.prepare('SELECT count(*) FROM batch_cases WHERE batch_id = ?').pluck().get(id);
    expect(store.db.prepare('SELECT case_total FROM batches WHERE id = ?').pluck().get(batchId)).toBe(counted(batchId));
    expect(countMatchingCases(store.db, otherBatch, {})).toBe(counted(otherBatch));
    expect(codesOf({ search: ' ' }, 999, 5)).toEqual(['C00999']);
  });

  it('pages a batch whose ids leave gaps (another batch written between its cases) the same way, by walking or from the end', () => {
    const [odd, even] = ['odd', 'even'].map((name) => createBatch(store.db, { environment: 'demo', name, sourceFile: `${name}.xlsx`, maxPhonePriority: 1 }));
    // One case at a time into each in turn: their ids alternate.
    for (let i = 0; i < 60; i++)
      insertBatchCases(store.db, i % 2 ? (odd as number) : (even as number), [{ ...aCase(i), code: `G${String(i).padStart(3, '0')}` }]);
    const codes = (id: number, offset: number, limit: number) => pageCases(store.db, id, {}, offset, limit).map((c) => c.code);
    const all = Array.from({ length: 30 }, (_, k) => `G${String(2 * k + 1).padStart(3, '0')}`);
    for (const offset of [0, 1, 14, 15, 16, 28, 29, 30, 31])
      for (const limit of [1, 4, 100])
        expect(codes(odd as number, offset, limit), `offset ${offset}, limit ${limit}`).toEqual(all.slice(offset, offset + limit));
    expect(countMatchingCases(store.db, odd as number, {})).toBe(30);
    // A batch written alone: its ids run without a gap, and a page is read by id, without walking.
    expect(codesOf({}, 500, 3)).toEqual(['C00500', 'C00501', 'C00502']);
  });

  it('filters by status', () => {
    const rejected = expected((i) => i % 5 === 3);
    expect(countMatchingCases(store.db, batchId, { status: 'rejected' })).toBe(rejected.length);
    expect(codesOf({ status: 'rejected' })).toEqual(rejected);
    expect(codesOf({ status: 'rejected' }, 10, 2)).toEqual(rejected.slice(10, 12));
    // The do-not-contact ledger's status is a status like the others.
    expect(countMatchingCases(store.db, batchId, { status: 'suppressed', search: 'pena' })).toBe(expected((i) => i % 5 === 4 && i % 4 === 2).length);
  });

  it('filters by issue kind, alone and with a status', () => {
    expect(codesOf({ kind: 'date-invalid' })).toEqual(expected((i) => i % 5 === 0));
    expect(countMatchingCases(store.db, batchId, { kind: 'phone-fixed' })).toBe(expected((i) => i % 3 === 0).length);
    const both = expected((i) => i % 3 === 0 && i % 5 === 2);
    expect(codesOf({ kind: 'phone-fixed', status: 'warning' })).toEqual(both);
    expect(countMatchingCases(store.db, batchId, { kind: 'phone-fixed', status: 'warning' })).toBe(both.length);
    expect(countMatchingCases(store.db, batchId, { kind: 'no-such-kind' })).toBe(0);
  });

  it('filters the duplicates of either kind, alone and with a status, a kind or a search', () => {
    expect(codesOf({ duplicates: true })).toEqual(expected((i) => i % 7 === 0));
    expect(countMatchingCases(store.db, batchId, { duplicates: true })).toBe(expected((i) => i % 7 === 0).length);
    expect(codesOf({ duplicates: true, status: 'rejected' })).toEqual(expected((i) => i % 7 === 0 && i % 5 === 3));
    expect(codesOf({ duplicates: true, kind: 'phone-fixed' })).toEqual(expected((i) => i % 7 === 0 && i % 3 === 0));
    expect(codesOf({ duplicates: true, kind: 'phone-fixed', status: 'ready' })).toEqual(expected((i) => i % 7 === 0 && i % 3 === 0 && [0, 1].includes(i % 5)));
    expect(codesOf({ duplicates: true, search: 'pena' })).toEqual(expected((i) => i % 7 === 0 && i % 4 === 2));
    expect(codesOf({ duplicates: false })).toHaveLength(TOTAL);
  });

  it('searches code, name (any case, any accent) and phones; every word must be found', () => {
    expect(codesOf({ search: 'c0012' })).toEqual(expected((i) => String(i).padStart(5, '0').startsWith('0012')));
    const penas = expected((i) => i % 4 === 2);
    expect(codesOf({ search: 'PENA' })).toEqual(penas);
    expect(codesOf({ search: 'peñ' })).toEqual(penas);
    expect(codesOf({ search: 'jos peña' })).toEqual(expected((i) => i % 4 === 2));
    expect(codesOf({ search: 'ez' })).toEqual(expected((i) => i % 4 !== 2));
    expect(codesOf({ search: '3514000007' })).toEqual(['C00007']);
    expect(codesOf({ search: '4000007' })).toEqual(['C00007']);
    expect(codesOf({ search: 'pena' }, 5, 3)).toEqual(penas.slice(5, 8));
    expect(countMatchingCases(store.db, batchId, { search: 'pena', status: 'warning' })).toBe(expected((i) => i % 4 === 2 && i % 5 === 2).length);
    expect(codesOf({ search: 'pena', kind: 'date-invalid' })).toEqual(expected((i) => i % 4 === 2 && i % 5 === 0));
    expect(countMatchingCases(store.db, batchId, { search: '  ' })).toBe(TOTAL);
  });

  it('counts the cases of each kind, with the kind severity', () => {
    expect(summarizeKinds(store.db, batchId)).toEqual([
      { kind: 'date-invalid', severity: 'error', cases: expected((i) => i % 5 === 0).length },
      { kind: 'duplicate-in-campaign', severity: 'warning', cases: expected((i) => i % 7 === 0 && i % 2 === 1).length },
      { kind: 'duplicate-other-batch', severity: 'warning', cases: expected((i) => i % 7 === 0 && i % 2 === 0).length },
      { kind: 'phone-fixed', severity: 'fix', cases: expected((i) => i % 3 === 0).length },
    ]);
  });

  it('follows an edit: new name, new kinds, the old ones gone', () => {
    const id = findCaseByCode(store.db, batchId, 'C00010');
    if (id === null) throw new Error('no case C00010');
    const before = aCase(10);
    expect(replaceCase(store.db, id, { ...before, lastName: 'Zárate', issues: [] }, 'agent')).toBe('ready');
    expect(codesOf({ search: 'zarate' })).toEqual(['C00010']);
    expect(codesOf({ search: 'pena' })).not.toContain('C00010');
    expect(codesOf({ kind: 'date-invalid' })).not.toContain('C00010');
    addCaseIssue(store.db, batchId, id, { severity: 'warning', kind: 'edited', field: 'lastName', rows: [12] });
    expect(codesOf({ kind: 'edited' })).toEqual(['C00010']);
    expect(codesOf({ search: 'zarate' })).toEqual(['C00010']);
  });

  it('follows an edit of a case an earlier version wrote (its issues as tuples, its kinds in issue_kinds): the keys come from its issues', () => {
    const id = findCaseByCode(store.db, batchId, 'C00015');
    if (id === null) throw new Error('no case C00015');
    const row = store.db.prepare('SELECT issues_json FROM batch_cases WHERE id = ?').get(id) as { issues_json: string };
    // As every version wrote a case until migrations 28 and 29.
    store.db
      .prepare('UPDATE batch_cases SET issues_json = ?, issue_kinds = ? WHERE id = ?')
      .run(JSON.stringify(storedTuples(row.issues_json)), issueKindsOf(row.issues_json), id);
    expect(codesOf({ kind: 'phone-fixed' })).toContain('C00015');
    expect(codesOf({ kind: 'date-invalid' })).toContain('C00015');
    const invalid = countMatchingCases(store.db, batchId, { kind: 'date-invalid' });
    expect(replaceCase(store.db, id, { ...aCase(15), issues: [aCase(15).issues?.[0] as IssueInput] }, 'agent')).toBe('ready');
    expect(codesOf({ kind: 'phone-fixed' })).toContain('C00015');
    expect(codesOf({ kind: 'date-invalid' })).not.toContain('C00015');
    expect(store.db.prepare('SELECT issue_kinds FROM batch_cases WHERE id = ?').pluck().get(id)).toBe('');
    expect(countMatchingCases(store.db, batchId, { kind: 'date-invalid' })).toBe(invalid - 1);
  });

  it("finds every case of a kind that more than one key statement's worth of cases have (20,000 a statement)", () => {
    const big = createBatch(store.db, { environment: 'demo', name: 'big', sourceFile: 'b.xlsx', maxPhonePriority: 1 });
    const fixed = { severity: 'fix' as const, kind: 'phone-fixed', field: 'phones', rows: [2], params: { before: '011 x', after: '11x' } };
    insertBatchCases(
      store.db,
      big,
      Array.from({ length: 45_001 }, (_, i) => ({ ...aCase(i), code: `B${i}`, issues: i === 45_000 ? [] : [fixed] })),
    );
    expect(countMatchingCases(store.db, big, { kind: 'phone-fixed' })).toBe(45_000);
    const last = pageCases(store.db, big, { kind: 'phone-fixed' }, 44_999, 5).map((c) => c.code);
    expect(last).toEqual(['B44999']);
    deleteBatchRows(store.db, big);
  });

  it('deletes the keys (names and phones) with their batch', () => {
    deleteBatchRows(store.db, otherBatch);
    expect(store.db.prepare('SELECT count(*) FROM case_keys WHERE batch_id = ?').pluck().get(otherBatch)).toBe(0);
  });
});

describe('the skipped cases corrected since: what the "kept for corrections" notice counts', () => {
  let skipped: number;
  let neighbour: number;
  const idIn = (batch: number, code: string): number => {
    const id = findCaseByCode(store.db, batch, code);
    if (id === null) throw new Error(`no case ${code}`);
    return id;
  };
  /** An edit of a value the campaign gets (the first name), as the drawer makes it; or to another status. */
  const edit = (batch: number, i: number, change: Partial<BatchCaseInput> = { firstName: 'Corregida' }) => {
    const { code: _code, ...rest } = aCase(i);
    replaceCase(store.db, idIn(batch, aCase(i).code), { ...rest, ...change }, 'agent');
  };
  const sendable = (i: number) => [0, 1, 2].includes(i % 5);
  const correctedCodes = (filter: CaseFilter = {}) => pageCases(store.db, skipped, { ...filter, corrected: true }, 0, 1_000).map((c) => c.code);

  beforeAll(() => {
    skipped = createBatch(store.db, { environment: 'demo', name: 'skipped', sourceFile: 's.xlsx', maxPhonePriority: 1 });
    insertBatchCases(
      store.db,
      skipped,
      Array.from({ length: 60 }, (_, i) => aCase(i)),
    );
    // Changed while pending: the upload would have sent it, nothing new since.
    edit(skipped, 5);
    // Every case that would be sent was skipped: the campaign held all their codes.
    for (let i = 0; i < 60; i++) if (sendable(i)) markSkipped(store.db, idIn(skipped, aCase(i).code));
    // Corrected afterwards: ready (1, 11) and with warnings (their own, or a duplicate's that an edit keeps).
    for (const i of [0, 1, 2, 7, 11, 21, 35, 42, 56]) edit(skipped, i);
    // Rebuilt to the same values the campaign holds: not a correction.
    edit(skipped, 10, {});
    // Corrected, then left out or broken: not to load again, so neither counted nor shown.
    edit(skipped, 16);
    edit(skipped, 16, { status: 'excluded' });
    edit(skipped, 26, { firstName: 'Rota', status: 'rejected' });
    // Another batch's correction stays in its batch.
    neighbour = createBatch(store.db, { environment: 'demo', name: 'neighbour', sourceFile: 'n.xlsx', maxPhonePriority: 1 });
    insertBatchCases(store.db, neighbour, [aCase(0), aCase(1)]);
    markSkipped(store.db, idIn(neighbour, aCase(1).code));
    edit(neighbour, 1);
  });

  it('shows exactly the marked cases, in order, and counts what the notice counts', () => {
    const marked = ['C00000', 'C00001', 'C00002', 'C00007', 'C00011', 'C00021', 'C00035', 'C00042', 'C00056'];
    expect(correctedCodes()).toEqual(marked);
    expect(countMatchingCases(store.db, skipped, { corrected: true })).toBe(marked.length);
    expect(correctedSkippedCount(store.db, skipped)).toBe(marked.length);
    expect(pageCases(store.db, skipped, { corrected: true }, 3, 2).map((c) => c.code)).toEqual(marked.slice(3, 5));
    expect(pageCases(store.db, neighbour, { corrected: true }, 0, 10).map((c) => c.code)).toEqual(['C00001']);
    // Not given, or false: the whole batch.
    expect(countMatchingCases(store.db, skipped, { corrected: false })).toBe(60);
  });

  it('with a status, a kind, the duplicates or a search, every part holds', () => {
    expect(correctedCodes({ status: 'ready' })).toEqual(['C00001', 'C00011']);
    expect(countMatchingCases(store.db, skipped, { corrected: true, status: 'warning' })).toBe(7);
    expect(correctedCodes({ status: 'excluded' })).toEqual([]);
    expect(correctedCodes({ kind: 'phone-fixed' })).toEqual(['C00000', 'C00021', 'C00042']);
    expect(correctedCodes({ duplicates: true })).toEqual(['C00000', 'C00007', 'C00021', 'C00035', 'C00042', 'C00056']);
    expect(correctedCodes({ duplicates: true, kind: 'phone-fixed', status: 'warning' })).toEqual(['C00000', 'C00021', 'C00042']);
    expect(correctedCodes({ search: 'gomez' })).toEqual(['C00001', 'C00021']);
    expect(correctedCodes({ search: 'corregida pena' })).toEqual(['C00002', 'C00042']);
    expect(countMatchingCases(store.db, skipped, { corrected: true, search: 'corregida', status: 'ready' })).toBe(2);
    expect(countMatchingCases(store.db, skipped, { corrected: true, search: 'corregida pena', status: 'ready' })).toBe(0);
  });

  it('none once loaded again (back in the queue)', () => {
    expect(unskipCases(store.db, neighbour)).toBe(1);
    expect(countMatchingCases(store.db, neighbour, { corrected: true })).toBe(0);
    expect(countMatchingCases(store.db, skipped, { corrected: true })).toBe(9);
  });
});

describe('query plans: a page or a count reads an index range, never every case', () => {
  const plan = (q: { sql: string; args: unknown[] }) =>
    (store.db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.args) as { detail: string }[]).map((r) => r.detail);

  const filters: [string, CaseFilter][] = [
    ['no filter', {}],
    ['a status', { status: 'ready' }],
    ['a kind', { kind: 'phone-fixed' }],
    ['a kind and a status', { kind: 'phone-fixed', status: 'rejected' }],
    ['a search', { search: 'pena' }],
    ['two search words, a kind and a status', { search: 'maria pena', kind: 'date-invalid', status: 'ready' }],
    ['a search and a kind', { search: 'pena', kind: 'date-invalid' }],
    ['the duplicates', { duplicates: true }],
    ['the duplicates and a status', { duplicates: true, status: 'warning' }],
    ['the duplicates and a kind', { duplicates: true, kind: 'phone-fixed' }],
    ['the duplicates, a kind and a status', { duplicates: true, kind: 'phone-fixed', status: 'ready' }],
    ['the duplicates and a search', { duplicates: true, search: 'pena' }],
  ];

  it.each(filters)('%s', (_name, filter) => {
    for (const q of [casePageQuery(batchId, filter, 500, 200), caseCountQuery(batchId, filter)]) {
      const steps = plan(q);
      // Tables are only SEARCHed through an index; a SCAN may only read an intermediate result.
      for (const step of steps.filter((x) => x.startsWith('SCAN '))) expect(step, steps.join('\n')).toMatch(/^SCAN \(subquery-\d+\)$/);
      expect(steps.filter((x) => x.startsWith('SEARCH ')).length, steps.join('\n')).toBeGreaterThan(0);
      // The first table read narrows to the batch (and the filter) through one of the grid's indexes.
      expect(
        steps.find((x) => x.startsWith('SEARCH ')),
        steps.join('\n'),
      ).toMatch(/USING (COVERING INDEX batch_cases_by_(batch|status|search)|PRIMARY KEY) \(batch_id=\?/);
    }
  });

  // The cases corrected since skipped are a handful: their partial index (migration 12) drives whatever else is given.
  it.each<[string, CaseFilter]>([
    ['alone', {}],
    ['with a status', { status: 'warning' }],
    ['with a kind', { kind: 'phone-fixed' }],
    ['with the duplicates and a kind', { duplicates: true, kind: 'phone-fixed' }],
    ['with a search and a status', { search: 'pena', status: 'ready' }],
  ])('the corrected cases %s: read through their partial index, in order, without a sort', (_name, filter) => {
    for (const q of [casePageQuery(batchId, { ...filter, corrected: true }, 0, 200), caseCountQuery(batchId, { ...filter, corrected: true })]) {
      const steps = plan(q);
      expect(
        steps.find((x) => x.startsWith('SEARCH ')),
        steps.join('\n'),
      ).toBe('SEARCH c USING INDEX batch_cases_edited_while_skipped (batch_id=?)');
      for (const step of steps.filter((x) => x.startsWith('SCAN '))) expect(step, steps.join('\n')).toMatch(/^SCAN \(subquery-\d+\)$/);
      expect(steps.join('\n')).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('pages the whole batch through its own index, in order, without a sort', () => {
    const steps = plan(casePageQuery(batchId, {}, 500, 200));
    expect(steps.join('\n')).toMatch(/SEARCH batch_cases USING COVERING INDEX batch_cases_by_batch \(batch_id=\?\)/);
    expect(steps.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it('pages the end of the whole batch backwards through its own index, without a sort', () => {
    const steps = plan(casePageFromEndQuery(batchId, TOTAL, 900, 200)).join('\n');
    expect(steps).toMatch(/SEARCH batch_cases USING COVERING INDEX batch_cases_by_batch \(batch_id=\?\)/);
    expect(steps).not.toMatch(/TEMP B-TREE/);
  });

  it('searches in the narrow search index only, its status included', () => {
    const steps = plan(casePageQuery(batchId, { search: 'pena', status: 'ready' }, 0, 200)).join('\n');
    expect(steps).toMatch(/SEARCH c USING COVERING INDEX batch_cases_by_search \(batch_id=\?\)/);
    // In id order already (migration 9): a page of a search is not sorted first.
    expect(steps).not.toMatch(/TEMP B-TREE/);
  });

  it('pages the duplicates through their one key in case_keys, in order, without a sort', () => {
    const steps = plan(casePageQuery(batchId, { duplicates: true }, 0, 200)).join('\n');
    expect(steps).toMatch(/SEARCH case_keys USING PRIMARY KEY \(batch_id=\? AND key=\?\)/);
    expect(steps).not.toMatch(/TEMP B-TREE/);
    // With a kind, one key drives and the other is a probe of the primary key.
    const both = plan(casePageQuery(batchId, { duplicates: true, kind: 'phone-fixed' }, 0, 200)).join('\n');
    expect(both).toMatch(/SEARCH p USING PRIMARY KEY \(batch_id=\? AND key=\? AND case_id=\?\)/);
    expect(both).not.toMatch(/TEMP B-TREE/);
  });

  it('pages a kind through case_keys, in order, without a sort', () => {
    const steps = plan(casePageQuery(batchId, { kind: 'phone-fixed' }, 500, 200));
    expect(steps.join('\n')).toMatch(/SEARCH case_keys USING PRIMARY KEY \(batch_id=\? AND key=\?\)/);
    expect(steps.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});
