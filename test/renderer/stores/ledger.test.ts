// The ledger store asks the surface for the do-not-contact list a page at a time, adds and removes
// entries, and imports a spreadsheet the agent picked: the file is handed over first, then read by its id.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { useLedgerStore } from '../../../src-renderer/src/stores/ledger';
import { fakeSurface } from '../support/fake-surface';

const LISTING = { entries: [], total: 0 } as unknown as ProcedureOutputs['ledger:list'];
const ENTRY = { id: 12 } as ProcedureOutputs['ledger:add']['entry'];

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('ledger store', () => {
  it('reads a page of the entries matching a search, adds one, and removes one', async () => {
    const calls = fakeSurface({
      'ledger:list': LISTING,
      'ledger:add': { entry: ENTRY, created: true },
      'ledger:remove': { removed: ENTRY, released: 2 },
    });
    const ledger = useLedgerStore();
    expect(await ledger.list({ search: '11 4', offset: 100, limit: 100 })).toBe(LISTING);
    expect((await ledger.add({ phone: '11 4444-5555', reason: 'debtor-asked' })).created).toBe(true);
    expect((await ledger.remove(12)).released).toBe(2);
    expect(calls).toEqual([
      { name: 'ledger:list', input: { search: '11 4', offset: 100, limit: 100 } },
      { name: 'ledger:add', input: { phone: '11 4444-5555', reason: 'debtor-asked' } },
      { name: 'ledger:remove', input: { id: 12 } },
    ]);
  });

  it('imports a picked file: handed over as base64, then imported by the id the surface gave it', async () => {
    const summary = { added: 1 } as unknown as ProcedureOutputs['ledger:import'];
    const calls = fakeSurface({ 'files:receive': { fileId: 'f-1', name: 'lista.csv', bytes: 6 }, 'ledger:import': summary });
    const file = new File(['phone\n'], 'lista.csv');
    expect(await useLedgerStore().importFile(file)).toBe(summary);
    expect(calls).toEqual([
      { name: 'files:receive', input: { name: 'lista.csv', base64: btoa('phone\n') } },
      { name: 'ledger:import', input: { fileId: 'f-1' } },
    ]);
  });

  it('does not import what could not be handed over', async () => {
    const calls = fakeSurface({ 'files:receive': { failure: 'host.not_answering' } });
    await expect(useLedgerStore().importFile(new File(['x'], 'lista.csv'))).rejects.toMatchObject({ code: 'host.not_answering' });
    expect(calls.map((c) => c.name)).toEqual(['files:receive']);
  });
});
