// The organization's do-not-contact list named by the policy (shared_ledger): applied read-only beside
// the agent's own entries, read again when it changes, said when it cannot be read, and refused for
// when the policy requires it.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicy, sharedLedgerPath, type LoadedPolicy } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import { createSurface } from '../../src-main/surface/surface';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-shared-ledger-'));
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

function policyWith(name: string, extra: Record<string, unknown>): LoadedPolicy {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(extra));
  return loadPolicy({ CASEDESK_POLICY: file });
}

async function prepared(ctx: AppContext) {
  const surface = createSurface(ctx);
  return surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
}

function appWith(name: string, policy: LoadedPolicy): AppContext {
  const ctx = createAppContext({ dataDir: join(dir, `data-${name}`), policy });
  contexts.push(ctx);
  return ctx;
}

describe('shared_ledger in the policy', () => {
  it('is a path beside the policy when relative, as ca_file is; required is unset by default (uploads wait for it)', () => {
    const policy = policyWith('paths', { shared_ledger: 'compliance/no-llamar.csv' });
    expect(sharedLedgerPath(policy)).toBe(join(dir, 'compliance', 'no-llamar.csv'));
    expect(policy.warnings).toEqual([]);
    expect(sharedLedgerPath(policyWith('none', {}))).toBeNull();
    expect(() => policyWith('typed', { shared_ledger_required: 'yes' })).toThrow(
      expect.objectContaining({ code: 'policy.invalid_key', params: expect.objectContaining({ key: 'shared_ledger_required' }) }),
    );
  });

  it('applies a readable list beside the own entries, and reads it again when it changes', async () => {
    const list = join(dir, 'readable.csv');
    writeFileSync(list, 'DNI;Motivo\n07654321;judicial\n');
    const ctx = appWith('readable', policyWith('readable', { shared_ledger: 'readable.csv' }));
    const first = await prepared(ctx);
    expect(first).toMatchObject({ ok: true, value: { suppressed: { cases: 1, phones: 0 }, notices: [] } });
    // Same size, later time: still read again.
    writeFileSync(list, 'DNI;Motivo\n20123456;judicial\n');
    utimesSync(list, new Date(), new Date(Date.now() + 5_000));
    const second = await prepared(ctx);
    expect(second).toMatchObject({ ok: true, value: { suppressed: { cases: 1, phones: 0 } } });
    const surface = createSurface(ctx);
    const cases = await surface.call('batches:cases', { batchId: second.ok ? second.value.batchId : 0, status: 'suppressed' });
    expect(cases.ok && cases.value.map((c) => c.code)).toEqual(['20123456']);
    // A longer list: one more case.
    writeFileSync(list, 'DNI;Motivo;Teléfono\n20123456;judicial;\n;fallecido;2615123456\n');
    expect(await prepared(ctx)).toMatchObject({ ok: true, value: { suppressed: { cases: 2, phones: 1 } } });
    // The list shows them, read-only, beside the own entries.
    const listing = await surface.call('ledger:list', {});
    expect(listing).toMatchObject({ ok: true, value: { shared: { file: list, required: 'upload', count: 2, matching: 2 }, notices: [] } });
    // Phones first (ascending), then codes: the order a list of millions is paged in.
    expect(listing.ok && listing.value.entries.map((e) => [e.source, e.kind, e.value, e.id])).toEqual([
      ['shared', 'phone', '2615123456', 3],
      ['shared', 'code', '20123456', 2],
    ]);
  });

  it('says so when the list cannot be read, and prepares without it', async () => {
    const ctx = appWith('unreadable', policyWith('unreadable', { shared_ledger: 'missing.csv' }));
    const answer = await prepared(ctx);
    expect(answer).toMatchObject({
      ok: true,
      value: {
        suppressed: { cases: 0, phones: 0 },
        notices: [{ code: 'ledger.shared_unreadable', params: { file: join(dir, 'missing.csv'), reason: 'missing' } }],
      },
    });
    writeFileSync(join(dir, 'not-a-list.csv'), 'Nombre;Saldo\nAna;100\n');
    const other = appWith('not-a-list', policyWith('not-a-list', { shared_ledger: 'not-a-list.csv' }));
    expect(await prepared(other)).toMatchObject({
      ok: true,
      value: { notices: [{ code: 'ledger.shared_unreadable', params: { reason: 'ledger.no_header' } }] },
    });
  });

  it('says how many rows of the list it could not use, and where the first is', async () => {
    writeFileSync(join(dir, 'bad-rows.csv'), 'Teléfono;Motivo\n2615123456;fallecido\n4444-5555;otro\n');
    const ctx = appWith('bad-rows', policyWith('bad-rows', { shared_ledger: 'bad-rows.csv' }));
    expect(await prepared(ctx)).toMatchObject({
      ok: true,
      value: {
        suppressed: { cases: 1, phones: 1 },
        notices: [{ code: 'ledger.shared_bad_rows', params: { rows: 1, firstRow: 3, firstColumn: 'A', firstProblem: 'phone-invalid' } }],
      },
    });
  });

  it('refuses to prepare or upload when the policy requires a list it cannot read', async () => {
    const ctx = appWith('required', policyWith('required', { shared_ledger: 'gone.xlsx', shared_ledger_required: true }));
    const answer = await prepared(ctx);
    expect(answer).toMatchObject({ ok: false, error: { code: 'ledger.shared_unavailable', params: { file: join(dir, 'gone.xlsx'), reason: 'missing' } } });
    const upload = await createSurface(ctx).call('sync:upload', { environment: 'demo', batchId: 1, campaignId: 1 });
    expect(upload).toMatchObject({ ok: false, error: { code: 'ledger.shared_unavailable' } });
    // Looking at the ledger is never refused.
    expect(await createSurface(ctx).call('ledger:list', {})).toMatchObject({
      ok: true,
      value: { shared: { required: 'all' }, notices: [{ code: 'ledger.shared_unreadable' }] },
    });
  });

  it('fails closed by default: a list it cannot read lets preparing go on with a notice, and refuses the upload', async () => {
    const ctx = appWith('default', policyWith('default', { shared_ledger: 'offline.csv' }));
    const answer = await prepared(ctx);
    expect(answer).toMatchObject({
      ok: true,
      value: { notices: [{ code: 'ledger.shared_unreadable', params: { file: join(dir, 'offline.csv'), reason: 'missing' } }] },
    });
    const batchId = answer.ok ? answer.value.batchId : 0;
    const upload = await createSurface(ctx).call('sync:upload', { environment: 'demo', batchId, campaignId: 1 });
    expect(upload).toMatchObject({ ok: false, error: { code: 'ledger.shared_unavailable', params: { reason: 'missing' } } });
    expect(await createSurface(ctx).call('ledger:list', {})).toMatchObject({ ok: true, value: { shared: { required: 'upload', count: 0 } } });
  });

  it('takes a list that gives no entry at all as one that cannot be read, never as an empty list applied', async () => {
    writeFileSync(join(dir, 'vacia.csv'), 'Teléfono;Nota\nsin número;x\n4444-5555;y\n');
    const ctx = appWith('empty', policyWith('empty', { shared_ledger: 'vacia.csv' }));
    const answer = await prepared(ctx);
    expect(answer).toMatchObject({ ok: true, value: { notices: [{ code: 'ledger.shared_unreadable', params: { reason: 'no-entries' } }] } });
    const batchId = answer.ok ? answer.value.batchId : 0;
    const upload = await createSurface(ctx).call('sync:upload', { environment: 'demo', batchId, campaignId: 1 });
    expect(upload).toMatchObject({ ok: false, error: { code: 'ledger.shared_unavailable', params: { reason: 'no-entries' } } });
  });

  it('lets the upload go on without the list only when the policy says so (shared_ledger_required: false)', async () => {
    const ctx = appWith('optional', policyWith('optional', { shared_ledger: 'offline.csv', shared_ledger_required: false }));
    const answer = await prepared(ctx);
    const batchId = answer.ok ? answer.value.batchId : 0;
    const upload = await createSurface(ctx).call('sync:upload', { environment: 'demo', batchId, campaignId: 1 });
    // Past the list: whatever stops it now is not the list.
    expect(upload.ok ? null : upload.error.code).not.toBe('ledger.shared_unavailable');
    expect(await createSurface(ctx).call('ledger:list', {})).toMatchObject({ ok: true, value: { shared: { required: 'none' } } });
  });
});
