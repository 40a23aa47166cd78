// Preparing batches offline: import a file, page its cases, list issues, build the payload.
import { correctionsWork, prepareWork, uploadWork } from '../../app/work-keys';
import { caseKeyedJson } from '../../contract';
import { uploadEntry } from '../../preparation/build/build-cases';
import { uploadChunks } from '../../preparation/payload/upload-chunks';
import { prepareBatch, type PrepareProgress } from '../../preparation/prepare-batch';
import { cleanBatchSheets, errorReportSheets, SHEET_MAX_ROWS, type ExportProgress } from '../../exports/batch-exports';
import { workbookBytes } from '../../exports/xlsx-writer';
import { bulkFix, editCase } from '../../preparation/edit-batch';
import { applyCorrections } from '../../preparation/import-corrections';
import { inspectFile } from '../../preparation/inspect-file';
import { recheckDuplicates } from '../../preparation/duplicates/recheck-duplicates';
import { finishSharedRecount } from '../../preparation/duplicates/flag-duplicates';
import { inspectInWorker, prepareInWorker } from '../../preparation/worker/preparation-job';
import { issueText } from '../../domain/issue-texts/wording';
import {
  BatchRefusal,
  duplicateCount,
  countCasesByStatus,
  recountIfDrifted,
  countIssuesBySeverity,
  countMatchingCases,
  correctedSkippedCount,
  countCasesOverPhoneLimit,
  fullyUploadedAt,
  getCampaignDraft,
  getBatch,
  listBatches,
  issuePage,
  firstIssues,
  pageBatchCases,
  pageCases,
  summarizeKinds,
  uploadCounts,
  type BatchRow,
  type IssueRow,
} from '../../store';
import { keptUntil, refuseWhileCorrecting } from '../../app/data-lifecycle';
import { readSettings } from '../../app/settings';
import { openReceivedFile } from '../../app/received-files';
import { readCorrectionsSheet } from '../../app/read-off-thread';
import type { AppContext } from '../app-context-types';
import type { HandlersOf } from './handler';
import { sharedLedger, sharedLedgerNeverRefused, sharedListForEdits } from '../../app/shared-ledger';
import { applyLedgerBeforeUpload } from '../../sync/ledger-before-upload';
import { SurfaceFailure } from '../../app/surface-failure';
import { fieldPathView, productView } from '../case-view';
import type { IssueView } from '../procedures';

/**
 * From this size a file is read and prepared on a worker thread even where the face runs work on its
 * own (the CLI): the worker's heap is sized for the file's kind (preparationLimitsFor), so a
 * million-row CSV stays near 600 MB instead of letting V8 grow the CLI's heap to 1 GB and more.
 */
const OWN_HEAP_FROM_BYTES = 8 * 1024 * 1024;

/** What these handlers reach of the app context. */
type BatchContext = Pick<AppContext, 'cancel' | 'currentEnvironment' | 'dataKey' | 'emit' | 'options' | 'policy' | 'runningWork' | 'store' | 'track'>;

/**
 * A batch a killed corrections import left to count its shared phones again is counted when opened up
 * to this many cases (a few seconds on the thread that answers the screens); a bigger one keeps the
 * flag until its next corrected report, which counts it.
 */
const RECOUNT_ON_OPENING_MAX_CASES = 100_000;

export const batchHandlers: HandlersOf<
  | 'batches:prepare'
  | 'batches:cancelPrepare'
  | 'batches:list'
  | 'batches:get'
  | 'batches:inspect'
  | 'batches:cases'
  | 'batches:countCases'
  | 'batches:caseKinds'
  | 'batches:checkDuplicates'
  | 'batches:checkLedger'
  | 'batches:phoneFit'
  | 'batches:issues'
  | 'batches:issuePage'
  | 'batches:payload'
  | 'batches:editCase'
  | 'batches:bulkFix'
  | 'batches:exportErrors'
  | 'batches:exportClean'
  | 'batches:importCorrections',
  BatchContext
> = {
  // Running work: a wipe or an update waits for it to end instead of pulling the store from under it.
  async 'batches:prepare'(ctx, { fileId, ...input }) {
    const preparing = ctx.track(prepareWork(fileId), async (signal) => {
      const file = await openReceivedFile(ctx, fileId);
      const shared = await sharedLedger(ctx);
      const options = { ...input, environment: input.environment ?? ctx.currentEnvironment(), sharedLedger: shared.list };
      // The agent sees the cases go by, and may stop (batches:cancelPrepare).
      const control = { onProgress: (p: PrepareProgress) => ctx.emit('prepare:progress', { fileId, ...p }), signal };
      const summary = await (
        ctx.options.preparationInWorker || file.bytes.length >= OWN_HEAP_FROM_BYTES
          ? prepareInWorker({ dataDir: ctx.options.dataDir, key: ctx.store.key }, file, options, control)
          : prepareBatch(ctx.store, file, { ...options, ...control })
      ).catch((err: unknown) => {
        // The file's batch swept while its writer was paused: the agent imports the file again.
        if (err instanceof BatchRefusal && err.code === 'batch.missing')
          throw new SurfaceFailure('batch.missing', { file: file.name, batchId: err.batchId ?? '' });
        throw err;
      });
      return { ...summary, notices: [...summary.notices, ...shared.notices] };
    });
    // The same file sent twice (a double click, a second window): the first one goes on.
    return preparing.catch((err: unknown) => {
      if (err instanceof BatchRefusal && err.code === 'work.busy') throw new SurfaceFailure('prepare.running', {});
      throw err;
    });
  },

  async 'batches:list'(ctx, input) {
    const env = input.environment ?? ctx.currentEnvironment();
    return listBatches(ctx.store.db, env).map((b) => batchSummary(ctx, b));
  },

  async 'batches:cases'(ctx, { batchId, offset, limit, ...filter }) {
    requireBatch(ctx.store.db, batchId);
    return pageCases(ctx.store.db, batchId, filter, offset, limit).map(({ batchId: _b, products, ...view }) => ({
      ...view,
      products: products.map(productView),
    }));
  },

  async 'batches:countCases'(ctx, { batchId, ...filter }) {
    requireBatch(ctx.store.db, batchId);
    return countMatchingCases(ctx.store.db, batchId, filter);
  },

  async 'batches:caseKinds'(ctx, { batchId }) {
    requireBatch(ctx.store.db, batchId);
    return summarizeKinds(ctx.store.db, batchId);
  },

  async 'batches:checkDuplicates'(ctx, { batchId }) {
    requireBatch(ctx.store.db, batchId);
    // A running upload checks them itself, against the campaign it loads into.
    if (ctx.runningWork().includes(uploadWork(batchId))) return { duplicates: duplicateCount(ctx.store.db, batchId), changed: 0 };
    // Shared-phone warnings a corrected report left to count (its process killed meanwhile): counted now,
    // unless that report is being imported again (it counts them first).
    const recounted = ctx.runningWork().includes(correctionsWork(batchId)) ? 0 : finishSharedRecount(ctx.store, batchId, RECOUNT_ON_OPENING_MAX_CASES);
    const checked = recheckDuplicates(ctx.store, batchId);
    // Changed cases make the screen read the batch again.
    return { ...checked, changed: checked.changed + recounted };
  },

  async 'batches:phoneFit'(ctx, { batchId, maxPhonePriority }) {
    requireBatch(ctx.store.db, batchId);
    const phones = maxPhonePriority + 1;
    return { over: countCasesOverPhoneLimit(ctx.store.db, batchId, phones), phones };
  },

  async 'batches:checkLedger'(ctx, { batchId }) {
    requireBatch(ctx.store.db, batchId);
    // A running upload applies the lists itself, right before it plans its chunks; corrections being
    // written rebuild their cases with the lists as they were when they began, and the upload applies them.
    if (ctx.runningWork().includes(uploadWork(batchId)) || ctx.runningWork().includes(correctionsWork(batchId)))
      return { cases: 0, phones: 0, held: [], released: 0, notices: [] };
    // Never refused for the organization's list: unreadable, what it held stays held (complete false).
    const shared = await sharedLedgerNeverRefused(ctx);
    const outcome = applyLedgerBeforeUpload(ctx.store, batchId, { shared: shared.list, complete: shared.notices.length === 0 });
    return { cases: outcome.cases, phones: outcome.phones, held: outcome.held, released: outcome.released ?? 0, notices: shared.notices };
  },

  async 'batches:issues'(ctx, { batchId, severity, caseId, limit }) {
    requireBatch(ctx.store.db, batchId);
    return firstIssues(ctx.store.db, batchId, caseId !== undefined ? { caseId } : { rowsOnly: true }, limit, severity).map(issueView);
  },

  async 'batches:issuePage'(ctx, { batchId, severity, afterCaseId, afterRowId, cases }) {
    requireBatch(ctx.store.db, batchId);
    const page = issuePage(ctx.store.db, batchId, { severity, afterCaseId, afterRowId, cases });
    return { issues: page.issues.map(issueView), next: page.next, nextRowId: page.nextRowId };
  },

  async 'batches:get'(ctx, { batchId }) {
    const b = getBatch(ctx.store.db, batchId);
    if (!b) throw new SurfaceFailure('batch.not_found', { batchId });
    return { ...batchSummary(ctx, b), maxPhonePriority: b.maxPhonePriority, issues: countIssuesBySeverity(ctx.store.db, b.id) };
  },

  async 'batches:cancelPrepare'(ctx, { fileId }) {
    return { cancelled: ctx.cancel(prepareWork(fileId)) };
  },

  async 'batches:inspect'(ctx, { fileId, sheet, headerRow }) {
    const file = await openReceivedFile(ctx, fileId);
    return ctx.options.preparationInWorker || file.bytes.length >= OWN_HEAP_FROM_BYTES
      ? inspectInWorker({ dataDir: ctx.options.dataDir, key: ctx.store.key }, file, { sheet, headerRow })
      : inspectFile(ctx.store, file, { sheet, headerRow });
  },

  // Edits go on while the shared list cannot be read (fixing a name must not wait for a network share):
  // what the list held stays held instead of being refused or released (see settingsForEdit).
  async 'batches:editCase'(ctx, { batchId, caseId, changes }) {
    refuseWhileCorrecting(ctx, batchId);
    const { batchId: _b, products, ...view } = editCase(ctx.store, batchId, caseId, changes, await sharedListForEdits(ctx));
    return { ...view, products: products.map(productView) };
  },

  async 'batches:bulkFix'(ctx, { batchId, fix }) {
    refuseWhileCorrecting(ctx, batchId);
    return bulkFix(ctx.store, batchId, fix, await sharedListForEdits(ctx));
  },

  async 'batches:exportErrors'(ctx, { batchId }) {
    requireBatch(ctx.store.db, batchId);
    const progress: ExportProgress = (done, total) => ctx.emit('export:progress', { batchId, file: 'errors', done, total });
    return xlsxDownload(`errores-lote-${batchId}.xlsx`, errorReportSheets(ctx.store, batchId, SHEET_MAX_ROWS, progress));
  },

  async 'batches:exportClean'(ctx, { batchId }) {
    requireBatch(ctx.store.db, batchId);
    const progress: ExportProgress = (done, total) => ctx.emit('export:progress', { batchId, file: 'clean', done, total });
    return xlsxDownload(`lote-${batchId}.xlsx`, cleanBatchSheets(ctx.store, batchId, SHEET_MAX_ROWS, progress));
  },

  async 'batches:importCorrections'(ctx, { batchId, fileId }) {
    requireBatch(ctx.store.db, batchId);
    const file = await openReceivedFile(ctx, fileId);
    // Tracked: the batch is not deleted, nor a second report imported into it, between its transactions.
    try {
      return await ctx.track(correctionsWork(batchId), async (signal) => {
        ctx.emit('corrections:progress', { batchId, done: 0, total: 0 });
        // Parsed off this thread (its bytes handed over); the corrected cases are written here, where the store is.
        const corrections = await readCorrectionsSheet(ctx, file);
        const shared = await sharedListForEdits(ctx);
        const onProgress = (done: number, total: number) => ctx.emit('corrections:progress', { batchId, done, total });
        return applyCorrections(ctx.store, batchId, corrections, shared, { onProgress, signal });
      });
    } catch (err) {
      if (err instanceof BatchRefusal && err.code === 'work.busy') throw new SurfaceFailure('corrections.running', { batchId });
      throw err;
    }
  },

  async 'batches:payload'(ctx, { batchId }) {
    requireBatch(ctx.store.db, batchId);
    const entries: [string, unknown][] = [];
    let chunks = 0;
    for (let afterId = 0; ;) {
      const page = pageBatchCases(ctx.store.db, batchId, { limit: 1000, afterId });
      if (page.length === 0) break;
      for (const c of page) if (c.status === 'ready' || c.status === 'warning') entries.push([c.code, uploadEntry(c)]);
      afterId = page[page.length - 1]?.id ?? afterId;
    }
    for (const _ of uploadChunks(entries)) chunks += 1;
    return { json: caseKeyedJson(entries), cases: entries.length, chunks };
  },
};

async function xlsxDownload(name: string, sheets: Parameters<typeof workbookBytes>[0]) {
  return { name, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: (await workbookBytes(sheets)).toString('base64') };
}

const draftName = (draft: unknown) => (draft && typeof draft === 'object' && 'name' in draft && typeof draft.name === 'string' ? draft.name : null);

/** An issue as the faces get it: its field as the surface names it, its words as data. */
function issueView({ caseId: _c, params, field, ...view }: IssueRow): IssueView {
  return { ...view, field: fieldPathView(field), text: issueText({ kind: view.kind, params }) };
}

function requireBatch(db: Parameters<typeof getBatch>[0], batchId: number): void {
  if (!getBatch(db, batchId)) throw new SurfaceFailure('batch.not_found', { batchId });
}

/** What the batch list and a batch's header both show of it. */
function batchSummary(ctx: Pick<AppContext, 'dataKey' | 'options' | 'policy' | 'store'>, b: BatchRow) {
  // The counts below are the batch's kept ones: made again first if they no longer add up.
  recountIfDrifted(ctx.store.db, b.id);
  return {
    id: b.id,
    environment: b.environment,
    name: b.name,
    campaignId: b.campaignId,
    campaignDraft: draftName(getCampaignDraft(ctx.store.db, b.id)),
    createdAt: b.createdAt,
    counts: countCasesByStatus(ctx.store.db, b.id),
    upload: uploadCounts(ctx.store.db, b.id),
    duplicates: duplicateCount(ctx.store.db, b.id),
    keptUntil: keptUntil(fullyUploadedAt(ctx.store.db, b.id), readSettings(ctx).retentionDays),
    correctedSkipped: correctedSkippedCount(ctx.store.db, b.id),
  };
}
