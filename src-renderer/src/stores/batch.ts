// The open batch: its counts, the cases view (filtered, paged, cached) and its issues index, and the
// actions that change it (edits, bulk fixes, imported corrections). One batch at a time.
import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import type { BatchCaseView, IssueView, ProcedureInput, ProcedureOutputs } from '../../../src-main/surface/procedures';
import { ApiError, call } from '../api/casedesk';
import { CaseSource, type CaseStatus, type IdRange } from '../components/batch/case-source';
import { addIssues, emptyIndex, FIXES_INDEX_LIMIT, replaceCaseIssues, type IssueIndex } from '../components/batch/issue-index';
import { receiveFile } from '../components/prepare/files';
import { saveFile } from '../components/results/files';
import { useSessionStore } from './session';

export type StatusFilter = 'all' | CaseStatus;
export type BatchDetail = ProcedureOutputs['batches:get'];
export type BulkFix = ProcedureInput<'batches:bulkFix'>['fix'];
export type CaseChanges = ProcedureInput<'batches:editCase'>['changes'];
export type CorrectionsSummary = ProcedureOutputs['batches:importCorrections'];

export function errorText(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : String(err);
}

export const useBatchStore = defineStore('batch', () => {
  const session = useSessionStore();
  const batchId = ref<number | null>(null);
  const detail = ref<BatchDetail | null>(null);
  const loadError = ref<string | null>(null);
  const status = ref<StatusFilter>('all');
  const kind = ref<string | null>(null);
  const source = shallowRef<CaseSource | null>(null);
  const index = shallowRef<IssueIndex | null>(null);
  const indexState = ref<'idle' | 'loading' | 'ready' | 'error'>('idle');
  /** Bumped when the index changes in place (an edit). */
  const indexVersion = ref(0);
  /** The counts changed since the list was loaded (an edit moved a case to another status). */
  const listStale = ref(false);

  const totalCases = computed(() => {
    const c = detail.value?.counts;
    return c ? c.ready + c.warning + c.rejected + c.excluded + c.suppressed : 0;
  });

  /** Bumped by every issues-index load (and by opening a batch): only the newest one lands. */
  let indexRun = 0;
  /** The open batch's id range, once the unfiltered view has checked it (lets filtered views start from the end). */
  let ids: IdRange | null = null;

  function viewTotal(): number | null {
    const d = detail.value;
    if (!d) return null;
    return status.value === 'all' ? totalCases.value : d.counts[status.value];
  }

  function fetcher(id: number, filter: StatusFilter) {
    return (q: { afterId?: number; offset?: number; limit: number }): Promise<BatchCaseView[]> =>
      call('batches:cases', { batchId: id, limit: q.limit, ...(filter === 'all' ? {} : { status: filter }), ...(q.afterId !== undefined ? { afterId: q.afterId } : {}), ...(q.offset !== undefined ? { offset: q.offset } : {}) });
  }

  function dropSource(): void {
    source.value?.dispose();
    source.value = null;
  }

  /** A fresh cases view for the current filters (the old one stops loading). */
  function newSource(): CaseSource | null {
    source.value?.dispose();
    const id = batchId.value;
    if (id === null) return (source.value = null);
    const entry = kind.value ? index.value?.kinds.get(kind.value) : undefined;
    const codes = kind.value ? new Set(entry?.codes ?? []) : null;
    ids = source.value?.idRange() ?? ids;
    const created = markRaw(new CaseSource(fetcher(id, status.value), { total: codes ? null : viewTotal(), codes, unfiltered: status.value === 'all', ids }));
    source.value = created;
    listStale.value = false;
    void created.start();
    return created;
  }

  async function open(id: number): Promise<void> {
    // Every visit starts from the whole batch, read afresh (another screen may have changed it).
    status.value = 'all';
    kind.value = null;
    index.value = null;
    indexState.value = 'idle';
    indexRun += 1;
    ids = null;
    dropSource();
    batchId.value = id;
    loadError.value = null;
    detail.value = null;
    // The first page and the counts travel together; the page does not wait for the counts.
    const created = newSource();
    let found: BatchDetail;
    try {
      found = await call('batches:get', { batchId: id });
    } catch (err) {
      if (batchId.value !== id) return;
      loadError.value = errorText(err);
      dropSource();
      return;
    }
    // Another batch was opened meanwhile: this answer is not for the screen any more.
    if (batchId.value !== id) return;
    detail.value = found;
    if (source.value === created) created?.setTotal(viewTotal() ?? 0);
    void loadIndex();
  }

  async function refreshDetail(): Promise<void> {
    if (batchId.value === null) return;
    const before = detail.value?.counts;
    detail.value = await call('batches:get', { batchId: batchId.value });
    const after = detail.value.counts;
    if (before && (status.value !== 'all' || kind.value !== null) && JSON.stringify(before) !== JSON.stringify(after)) listStale.value = true;
  }

  /** Every issue of the batch, folded per case (fixes only when there are not too many). */
  async function loadIndex(): Promise<void> {
    const id = batchId.value;
    const d = detail.value;
    if (id === null || !d) return;
    // The newest load wins: one started later (after an edit or a fix) knows more.
    const run = ++indexRun;
    indexState.value = 'loading';
    try {
      const fixes = d.issues.fixes <= FIXES_INDEX_LIMIT;
      const built = emptyIndex(fixes);
      for (const severity of fixes ? (['error', 'warning', 'fix'] as const) : (['error', 'warning'] as const)) {
        addIssues(built, await call('batches:issues', { batchId: id, severity }));
        if (run !== indexRun) return;
      }
      index.value = markRaw(built);
      indexState.value = 'ready';
      indexVersion.value += 1;
    } catch {
      if (run === indexRun) indexState.value = 'error';
    }
  }

  function setStatus(next: StatusFilter): void {
    status.value = next;
    newSource();
  }

  function setKind(next: string | null): void {
    kind.value = next;
    newSource();
  }

  async function caseIssues(caseId: number): Promise<IssueView[]> {
    if (batchId.value === null) return [];
    return call('batches:issues', { batchId: batchId.value, caseId });
  }

  /** Applies an edit; the case comes back validated again, with its issues. */
  async function editCase(caseId: number, changes: CaseChanges): Promise<{ view: BatchCaseView; issues: IssueView[] }> {
    const id = batchId.value;
    if (id === null) throw new Error('no batch open');
    const view = await call('batches:editCase', { batchId: id, caseId, changes });
    source.value?.replace(view);
    const issues = await call('batches:issues', { batchId: id, caseId });
    await refreshDetail();
    if (indexState.value === 'loading') void loadIndex();
    else if (index.value) {
      replaceCaseIssues(index.value, view.code, issues);
      indexVersion.value += 1;
    }
    return { view, issues };
  }

  /** After a change to many cases: counts, issues and the list are read again. */
  async function reloadAll(): Promise<void> {
    await refreshDetail();
    index.value = null;
    if (kind.value !== null) kind.value = null;
    newSource();
    void loadIndex();
  }

  async function bulkFix(fix: BulkFix): Promise<number> {
    if (batchId.value === null) return 0;
    const { changed } = await call('batches:bulkFix', { batchId: batchId.value, fix });
    await reloadAll();
    return changed;
  }

  async function exportFile(which: 'errors' | 'clean'): Promise<string> {
    if (batchId.value === null) throw new Error('no batch open');
    const file = which === 'errors' ? await call('batches:exportErrors', { batchId: batchId.value }) : await call('batches:exportClean', { batchId: batchId.value });
    saveFile(file);
    return file.name;
  }

  async function importCorrections(file: File): Promise<CorrectionsSummary> {
    if (batchId.value === null) throw new Error('no batch open');
    const received = await receiveFile(file);
    const summary = await call('batches:importCorrections', { batchId: batchId.value, fileId: received.fileId });
    await reloadAll();
    return summary;
  }

  function close(): void {
    dropSource();
  }

  return {
    batchId, detail, loadError, status, kind, source, index, indexState, indexVersion, listStale, totalCases,
    open, refreshDetail, loadIndex, setStatus, setKind, newSource, caseIssues, editCase, bulkFix, exportFile, importCorrections, close,
    noteFailure: session.noteFailure,
  };
});
