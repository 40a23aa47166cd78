// Edits, bulk fixes and imported corrections while the organization's shared list cannot be read whole
// (the network share offline, or only rows it does not understand): what the list held stays held, a
// case it suppressed stays suppressed and a phone it took off stays off. A whole read of the list
// releases what it no longer holds. (Review finding: the rebuild used no shared entries at all.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicy } from '../../../src-main/policy/policy';
import { createAppContext } from '../../../src-main/surface/app-context';
import type { AppContext } from '../../../src-main/surface/app-context-types';
import { createSurface } from '../../../src-main/surface/surface';
import { handOver } from '../../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-shared-unreadable-'));
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** 07654321 is listed by code; 1155556666 is one of 20123456's two phones. */
const HOLDING = 'DNI;Teléfono;Motivo\n07654321;;judicial\n;1155556666;judicial\n';

type ListAfterPreparing = 'gone' | 'bad-rows-only' | 'whole-without-holds' | { required: true };

async function heldByShared(name: string, after: ListAfterPreparing) {
  const list = join(dir, `${name}.csv`);
  writeFileSync(list, HOLDING);
  const policyFile = join(dir, `${name}.json`);
  const required = typeof after === 'object';
  writeFileSync(policyFile, JSON.stringify({ shared_ledger: `${name}.csv`, ...(required ? { shared_ledger_required: true } : {}) }));
  const ctx = createAppContext({ dataDir: join(dir, `data-${name}`), policy: loadPolicy({ CASEDESK_POLICY: policyFile }) });
  contexts.push(ctx);
  const surface = createSurface(ctx);
  const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
  expect(prepared).toMatchObject({ ok: true, value: { suppressed: { cases: 1, phones: 1 } } });
  const batchId = prepared.ok ? prepared.value.batchId : 0;
  if (after === 'gone' || required) rmSync(list);
  // Rows it does not understand, and none of the entries that held: not a whole read.
  if (after === 'bad-rows-only') writeFileSync(list, 'DNI;Teléfono;Motivo\n;12;judicial\n');
  if (after === 'whole-without-holds') writeFileSync(list, 'DNI;Motivo\n11111111;judicial\n');
  const cases = async () => {
    const all = await surface.call('batches:cases', { batchId });
    return new Map((all.ok ? all.value : []).map((c) => [c.code, c]));
  };
  const suppressed = async () => [...(await cases()).values()].filter((c) => c.status === 'suppressed').map((c) => c.code);
  const phonesOf = async (code: string) => (await cases()).get(code)?.phones;
  return { surface, batchId, cases, suppressed, phonesOf };
}

describe('the shared list unreadable while the agent edits', () => {
  it('a bulk fix keeps the case the shared list held suppressed, and the phone it took off off', async () => {
    const { surface, batchId, suppressed, phonesOf } = await heldByShared('bulk', 'gone');
    expect(await suppressed()).toEqual(['07654321']);
    expect(await phonesOf('20123456')).toEqual(['1145678901']);
    expect(await surface.call('batches:bulkFix', { batchId, fix: { kind: 'default-area-code', areaCode: '351' } })).toMatchObject({ ok: true });
    expect(await suppressed()).toEqual(['07654321']);
    expect(await phonesOf('20123456')).toEqual(['1145678901']);
  });

  it('editing the held case (a name fixed) keeps it suppressed; typing the listed phone back keeps it off', async () => {
    const { surface, batchId, cases, suppressed } = await heldByShared('edit', 'gone');
    const held = (await cases()).get('07654321');
    const edited = await surface.call('batches:editCase', { batchId, caseId: held?.id ?? 0, changes: { firstName: 'Juana' } });
    // The edit itself goes through: only the hold is kept.
    expect(edited).toMatchObject({ ok: true, value: { firstName: 'Juana', status: 'suppressed' } });
    expect(await suppressed()).toEqual(['07654321']);
    const other = (await cases()).get('20123456');
    const phones = await surface.call('batches:editCase', { batchId, caseId: other?.id ?? 0, changes: { phones: ['011 4567-8901 / 011 15-5555-6666'] } });
    expect(phones).toMatchObject({ ok: true, value: { phones: ['1145678901'], status: 'warning' } });
  });

  it('imported corrections keep the hold', async () => {
    const { surface, batchId, suppressed, phonesOf } = await heldByShared('corrections', 'gone');
    const report = await surface.call('batches:exportErrors', { batchId });
    if (!report.ok) throw new Error(report.error.code);
    const fileId = await surface.call('files:receive', { name: 'corregido.xlsx', base64: report.value.base64 });
    if (!fileId.ok) throw new Error(fileId.error.code);
    const summary = await surface.call('batches:importCorrections', { batchId, fileId: fileId.value.fileId });
    expect(summary).toMatchObject({ ok: true, value: { updated: expect.any(Number) } });
    expect(await suppressed()).toEqual(['07654321']);
    expect(await phonesOf('20123456')).toEqual(['1145678901']);
  });

  it('a list read with rows not understood is not whole: the hold is kept', async () => {
    const { surface, batchId, suppressed, phonesOf } = await heldByShared('bad-rows', 'bad-rows-only');
    expect(await surface.call('batches:bulkFix', { batchId, fix: { kind: 'default-area-code', areaCode: '351' } })).toMatchObject({ ok: true });
    expect(await suppressed()).toEqual(['07654321']);
    expect(await phonesOf('20123456')).toEqual(['1145678901']);
  });

  it('a list the policy requires, unreadable: edits still go on, and the hold is kept', async () => {
    const { surface, batchId, suppressed } = await heldByShared('required', { required: true });
    expect(await surface.call('batches:bulkFix', { batchId, fix: { kind: 'default-area-code', areaCode: '351' } })).toMatchObject({ ok: true });
    expect(await suppressed()).toEqual(['07654321']);
  });

  it('a whole read of a list that no longer holds them releases the case and the phone', async () => {
    const { surface, batchId, suppressed, phonesOf } = await heldByShared('whole', 'whole-without-holds');
    expect(await surface.call('batches:bulkFix', { batchId, fix: { kind: 'default-area-code', areaCode: '351' } })).toMatchObject({ ok: true });
    expect(await suppressed()).toEqual([]);
    expect(await phonesOf('20123456')).toEqual(['1145678901', '1155556666']);
  });
});
