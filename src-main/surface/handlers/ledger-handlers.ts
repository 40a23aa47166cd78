// The do-not-contact ledger through the surface: list, add, remove, import. Values are normalized
// here with preparation's rules, so the store and the matching only ever see one spelling.
import { ledgerCode, ledgerPhone, localDay } from '../../preparation/ledger/ledger-types';
import { sharedLedgerPath } from '../../policy/policy';
import { releaseFromLedger } from '../../preparation/edit-batch';
import { correctionsWork } from '../../app/work-keys';
import { addLedgerEntries, addLedgerEntry, batchesWithLedgerHolds, listLedgerEntries, removeLedgerEntry } from '../../store';
import type { AppContext } from '../app-context-types';
import { actorOf } from '../../app/audit-trail';
import { openReceivedFile } from '../../app/received-files';
import { readLedger } from '../../app/read-off-thread';
import { sharedLedger, sharedLedgerNeverRefused } from '../../app/shared-ledger';
import type { SharedListRequired } from '../ledger-views';
import { pageSharedList } from '../../preparation/ledger/shared-list';
import { personKey } from '../../domain/person-key';
import type { LedgerEntry } from '../../domain/ledger';
import type { HandlersOf } from './handler';
import { SurfaceFailure } from '../../app/surface-failure';
import { readSettings } from '../../app/settings';

/** Who adds an entry: the service user signed in to the environment in use, else this computer's user. */
function author(ctx: Pick<AppContext, 'connections' | 'currentEnvironment' | 'options'>): string {
  const actor = actorOf(ctx, { environment: ctx.currentEnvironment() });
  return actor.serviceUser ?? actor.osUser ?? '';
}

/** How the policy's shared_ledger_required reads: fail closed for uploads unless it says false. */
const sharedListRequired = (required: boolean | undefined): SharedListRequired => (required === true ? 'all' : required === false ? 'none' : 'upload');

/** The own entries a search finds: a phone written any way or its first digits, or any spelling of a code's person. */
function ownEntryFinder(search: string | undefined): (e: LedgerEntry) => boolean {
  const text = search?.trim() ?? '';
  if (text === '') return () => true;
  const phone = ledgerPhone(text);
  const digits = text.replace(/[\s\-().+]/g, '');
  const person = personKey(text);
  return (e) =>
    e.kind === 'phone' ? (phone.ok ? e.value === phone.value : /^\d+$/.test(digits) && e.value.startsWith(digits)) : personKey(e.value) === person;
}

/** Area code for numbers written without one: the agent's setting, as for a batch. */
const areaCode = (ctx: Pick<AppContext, 'dataKey' | 'options' | 'policy' | 'store'>) => readSettings(ctx).defaultAreaCode || undefined;

/** What these handlers reach of the app context. */
type LedgerContext = Pick<AppContext, 'connections' | 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'runningWork' | 'store'>;

export const ledgerHandlers: HandlersOf<'ledger:list' | 'ledger:add' | 'ledger:remove' | 'ledger:import', LedgerContext> = {
  async 'ledger:list'(ctx, { search, offset, limit }) {
    const today = localDay();
    const path = sharedLedgerPath(ctx.policy);
    // The list is a look at the shared file, never refused for it: only preparing and uploading are.
    const shared = await sharedLedgerNeverRefused(ctx);
    // Whether an entry is still in force; its creditor scope is judged per batch, not here.
    const active = (until: string | null) => until === null || until >= today;
    const own = listLedgerEntries(ctx.store.db).filter(ownEntryFinder(search));
    const page = shared.list ? pageSharedList(shared.list, { search, offset, limit }) : { entries: [], matching: 0 };
    const count = shared.list ? shared.list.phones.length + shared.list.codeKeys.length : 0;
    return {
      entries: [...own, ...page.entries].map((e) => ({ ...e, active: active(e.until) })),
      shared:
        path === null
          ? null
          : { file: path, required: sharedListRequired(ctx.policy.policy.shared_ledger_required), count, matching: page.matching, offset, limit },
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
      for (const batchId of batchesWithLedgerHolds(ctx.store.db)) {
        // One whose corrections are being written gets the list as it is at its upload.
        if (ctx.runningWork().includes(correctionsWork(batchId))) continue;
        released += releaseFromLedger(ctx.store, batchId, shared.list).released;
      }
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
