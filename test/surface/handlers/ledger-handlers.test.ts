// The ledger through the command surface: one spelling per phone, who added it, expiry shown, bad
// input said with its field, imports that keep the good rows, and an audit trail without the values.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { readTrail } from '../../../src-main/app/audit-trail';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-ledger-surface-'));
const ctx = createAppContext({ dataDir: dir, policy: NO_POLICY });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ok<T>(answer: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>): Promise<T> {
  const a = await answer;
  if (!a.ok) throw new Error(`${a.error.code}: ${a.error.message}`);
  return a.value;
}

describe('ledger procedures', () => {
  it("adds a phone written any way as one entry, by this computer's user when no one is signed in", async () => {
    const first = await ok(surface.call('ledger:add', { phone: '011 15-4444-5555', reason: 'wrong-number' }));
    expect(first).toMatchObject({ created: true, entry: { kind: 'phone', value: '1144445555', reason: 'wrong-number', source: 'own', until: null } });
    expect(first.entry.addedBy).not.toBe('');
    const again = await ok(surface.call('ledger:add', { phone: '+54 9 11 4444 5555', reason: 'debtor-asked' }));
    expect(again).toMatchObject({ created: false, entry: { id: first.entry.id, reason: 'debtor-asked' } });
  });

  it('adds a code with an expiry and a creditor, and lists expired entries as no longer active', async () => {
    await ok(surface.call('ledger:add', { code: '20123456', reason: 'legal', until: '2099-12-31', creditor: 'Banco del Sur' }));
    await ok(surface.call('ledger:add', { code: '30111222', until: '2020-01-31' }));
    const listing = await ok(surface.call('ledger:list', {}));
    expect(listing.shared).toBeNull();
    expect(listing.entries.map((e) => [e.kind, e.value, e.reason, e.creditor, e.active])).toEqual([
      ['phone', '1144445555', 'debtor-asked', null, true],
      ['code', '20123456', 'legal', 'Banco del Sur', true],
      ['code', '30111222', 'other', null, false],
    ]);
  });

  it('says what is wrong with bad input, and where', async () => {
    expect(await surface.call('ledger:add', { phone: '4444-5555' })).toMatchObject({
      ok: false,
      error: { code: 'ledger.bad_phone', params: { field: 'phone', reason: 'no-area-code' } },
    });
    expect(await surface.call('ledger:add', { phone: '1144445555', code: '1' })).toMatchObject({ ok: false, error: { code: 'input.invalid' } });
    expect(await surface.call('ledger:add', { code: '1', until: '31/12/2026' })).toMatchObject({
      ok: false,
      error: { code: 'input.invalid', message: expect.stringMatching(/^until/) },
    });
    expect(await surface.call('ledger:add', { code: '1', reason: 'bored' })).toMatchObject({
      ok: false,
      error: { code: 'input.invalid', message: expect.stringMatching(/^reason/) },
    });
    expect(await surface.call('ledger:remove', { id: 999 })).toMatchObject({ ok: false, error: { code: 'ledger.entry_not_found', params: { id: 999 } } });
  });

  it('imports a list: good rows added or replaced, bad rows listed with their place', async () => {
    const csv = 'Teléfono;Motivo;Hasta\n+54 9 11 4444 5555;fallecido;\n0351 156-123456;;31/12/2099\nhola;otro;\n';
    const fileId = await ok(surface.call('files:receive', { name: 'no-llamar.csv', base64: Buffer.from(csv).toString('base64') }));
    const summary = await ok(surface.call('ledger:import', { fileId: fileId.fileId, reason: 'creditor-instruction' }));
    expect(summary).toMatchObject({
      file: 'no-llamar.csv',
      added: 1,
      updated: 1,
      problems: [{ code: 'phone-invalid', file: 'no-llamar.csv', row: 4, column: 'A' }],
    });
    const listing = await ok(surface.call('ledger:list', {}));
    expect(listing.entries.find((e) => e.value === '3516123456')).toMatchObject({ reason: 'creditor-instruction', until: '2099-12-31' });
    const refused = await ok(surface.call('files:receive', { name: 'otra.csv', base64: Buffer.from('Nombre;Saldo\nAna;1\n').toString('base64') }));
    expect(await surface.call('ledger:import', { fileId: refused.fileId })).toMatchObject({
      ok: false,
      error: { code: 'ledger.no_header', params: { file: 'otra.csv' } },
    });
  });

  it('removes an entry, and the audit trail names entries by id and reason, never their phone or code', async () => {
    const listing = await ok(surface.call('ledger:list', {}));
    const phone = listing.entries.find((e) => e.value === '1144445555');
    const removed = await ok(surface.call('ledger:remove', { id: phone?.id ?? 0 }));
    expect(removed.removed.value).toBe('1144445555');
    const trail = readTrail(ctx).entries;
    const actions = trail.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['ledger.entryAdded', 'ledger.entryRemoved', 'ledger.imported']));
    expect(trail.find((e) => e.action === 'ledger.imported')).toMatchObject({ fileId: expect.any(String), added: 1, updated: 1, badRows: 1 });
    expect(trail.find((e) => e.action === 'ledger.entryAdded' && e.creditorScoped === true)).toMatchObject({
      kind: 'code',
      reason: 'legal',
      until: '2099-12-31',
      replaced: false,
    });
    const text = JSON.stringify(trail);
    for (const personal of ['1144445555', '20123456', '3516123456', 'Banco del Sur', 'no-llamar.csv']) expect(text).not.toContain(personal);
  });

  it('brings back, at once, the cases of unsent batches that a removed entry held back', async () => {
    const { entry } = await ok(surface.call('ledger:add', { code: '29000111', reason: 'legal' }));
    const bytes = readFileSync(join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx'));
    const { fileId } = await ok(surface.call('files:receive', { name: 'cartera.xlsx', base64: bytes.toString('base64') }));
    const prepared = await ok(surface.call('batches:prepare', { environment: 'demo', fileId, maxPhonePriority: 2 }));
    const statusOf = async () => (await ok(surface.call('batches:cases', { batchId: prepared.batchId, search: '29000111' })))[0]?.status;
    expect(await statusOf()).toBe('suppressed');
    expect(await ok(surface.call('ledger:remove', { id: entry.id }))).toMatchObject({ removed: { id: entry.id }, released: 1 });
    expect(await statusOf()).not.toBe('suppressed');
    // The audit trail says how many cases became callable again.
    expect(readTrail(ctx).entries.find((e) => e.action === 'ledger.entryRemoved' && e.entryId === entry.id)).toMatchObject({ released: 1 });
  });
});
