// The do-not-contact ledger through the surface: list, add, remove, import. Values are normalized
// here with preparation's rules, so the store and the matching only ever see one spelling.
import { ledgerCode, ledgerPhone, localDay } from '../../preparation/ledger/ledger-types';
import { sharedLedgerPath } from '../../policy/policy';
import { releaseFromLedger } from '../../preparation/edit-batch';
import { addLedgerEntries, addLedgerEntry, batchesWithLedgerHolds, listLedgerEntries, removeLedgerEntry } from '../../store';
import type { AppContext } from '../app-context-types';
import { actorOf } from '../audit-trail';
import { openReceivedFile } from '../received-files';
import { readLedger } from '../read-off-thread';
import { sharedLedger } from '../shared-ledger';
import type { Handlers } from './handler';
import { SurfaceFailure } from '../surface-failure';
import { readSettings } from '../settings';

/** Who adds an entry: the service user signed in to the environment in use, else this computer's user. */
function author(ctx: AppContext): string {
  const actor = actorOf(ctx, { environment: ctx.currentEnvironment() });
  return actor.serviceUser ?? actor.osUser ?? '';
}

/** Area code for numbers written without one: the agent's setting, as for a batch. */
const areaCode = (ctx: AppContext) => readSettings(ctx).defaultAreaCode || undefined;

export const ledgerHandlers: Pick<Handlers, 'ledger:list' | 'ledger:add' | 'ledger:remove' | 'ledger:import'> = {
  async 'ledger:list'(ctx) {
    const today = localDay();
    const path = sharedLedgerPath(ctx.policy);
    // The list is a look at the shared file, never refused for it: only preparing and uploading are.
    let shared;
    try {
      shared = await sharedLedger(ctx);
    } catch (err) {
      if (!(err instanceof SurfaceFailure) || !err.params) throw err;
      shared = { entries: [], notices: [{ code: 'ledger.shared_unreadable', params: err.params as Record<string, string> }] };
    }
    // Whether an entry is still in force; its creditor scope is judged per batch, not here.
    const active = (until: string | null) => until === null || until >= today;
    return {
      entries: [...listLedgerEntries(ctx.store.db), ...shared.entries].map((e) => ({ ...e, active: active(e.until) })),
      shared: path === null ? null : { file: path, required: ctx.policy.policy.shared_ledger_required === true },
      notices: shared.notices,
      today,
    };
  },

  async 'ledger:add'(ctx, { phone, code, reason, until, creditor }) {
    let kind: 'phone' | 'code';
    let value: string;
    if (phone !== undefined) {
      const read = ledgerPhone(phone, areaCode(ctx));
      if (!read.ok) {
        throw new SurfaceFailure('ledger.bad_phone', { phone, field: 'phone', reason: read.reason });
      }
      kind = 'phone';
      value = read.value;
    } else {
      value = ledgerCode(code ?? '');
      if (value === '') throw new SurfaceFailure('ledger.empty_code', { field: 'code', reason: 'empty' });
      kind = 'code';
    }
    return addLedgerEntry(ctx.store.db, { kind, value, reason, until: until ?? null, creditor: creditor ?? null, addedBy: author(ctx) });
  },

  async 'ledger:remove'(ctx, { id }) {
    const removed = removeLedgerEntry(ctx.store.db, id);
    if (!removed) throw new SurfaceFailure('ledger.entry_not_found', { id });
    // What the entry held back in batches not yet sent comes back now, not at the next edit. Only
    // with the shared list read whole: a case it holds must not come back because a share is offline.
    let released = 0;
    const shared = await sharedLedger(ctx).catch(() => null);
    if (shared && shared.notices.length === 0) {
      for (const batchId of batchesWithLedgerHolds(ctx.store.db)) released += releaseFromLedger(ctx.store, batchId, shared.entries).released;
    }
    return { removed, released };
  },

  async 'ledger:import'(ctx, { fileId, mapping, reason }) {
    const file = await openReceivedFile(ctx, fileId);
    // A file that cannot be read or is no ledger (ReadError, LedgerFileError) fails with its own code and place.
    // Read off this thread (its bytes handed over): only what it held is used after.
    const contents = await readLedger(ctx, file, { mapping, defaultReason: reason, defaultAreaCode: areaCode(ctx) });
    const by = author(ctx);
    const { added, updated } = addLedgerEntries(
      ctx.store.db,
      contents.entries.map((e) => ({ kind: e.kind, value: e.value, reason: e.reason, until: e.until, creditor: e.creditor, addedBy: by })),
    );
    return { file: contents.file, sheet: contents.sheet, added, updated, problems: contents.problems };
  },
};
