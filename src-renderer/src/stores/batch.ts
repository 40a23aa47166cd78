// The open batch: its counts, the cases view (the store filters, counts and pages; this keeps the
// filter and the pages in view), the kinds of issue with their counts, and the actions that change
// the batch (edits, bulk fixes, imported corrections). One batch at a time.
import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import type { BatchCaseView, CaseKindView, IssueView, ProcedureInput, ProcedureOutputs, SurfaceEvents } from '../../../src-main/surface/procedures';
import { call, onEvent } from '../api/casedesk';
import { CORRECTED_ONLY, filterInput, isFiltered, WHOLE_BATCH, type GridFilter, type StatusFilter } from './case-filter';
import { CaseSource } from './case-source';
import { noting, settle } from '../composables/use-reported';
import { receiveFile } from '../composables/picked-files';
import { saveFile } from '../composables/saved-files';
import { useSessionStore } from './session';

export type { StatusFilter } from './case-filter';
export type BatchDetail = ProcedureOutputs['batches:get'];
export type BulkFix = ProcedureInput<'batches:bulkFix'>['fix'];
export type CaseChanges = ProcedureInput<'batches:editCase'>['changes'];
export type CorrectionsSummary = ProcedureOutputs['batches:importCorrections'];

/**
 * A case's issues the drawer reads, errors first: a case of 100 rows holds a few hundred, one of 100,000
 * rows (a wrong code column) about 600,000, more than a screen can hold.
 */
export const CASE_ISSUES_SHOWN = 1000;
/** One more than are shown: an answer that long says some were left out, whatever the case's counts say. */
export const CASE_ISSUES_ASKED = CASE_ISSUES_SHOWN + 1;
/** The rows that became no case listed on the batch's screen; their count comes with the batch. */
export const ROW_ISSUES_SHOWN = 50;

type ExportProgress = SurfaceEvents['export:progress'];

/** How often a file being written says how far it is. */
const EXPORT_SAID_EVERY_MS = 1000;

export const useBatchStore = defineStore('batch', () => {
  const session = useSessionStore();
  const batchId = ref<number | null>(null);
  const detail = ref<BatchDetail | null>(null);
  const loadError = ref<string | null>(null);
  const status = ref<StatusFilter>('all');
  const kind = ref<string | null>(null);
  /** Only the cases whose code is already elsewhere (another batch not uploaded, or the campaign). */
  const duplicates = ref(false);
  /** Only the skipped cases corrected since the upload skipped them (detail.correctedSkipped of them). */
  const corrected = ref(false);
  const search = ref('');
  const source = shallowRef<CaseSource | null>(null);
  /** Each kind of issue with its severity and how many cases have it (the kind filter's options). */
  const kinds = shallowRef<CaseKindView[]>([]);
  const kindsState = ref<'idle' | 'loading' | 'ready' | 'error'>('idle');
  /** Problems of rows that became no case (a totals row, a row without a code): the first ROW_ISSUES_SHOWN. */
  const rowIssues = shallowRef<IssueView[]>([]);
  /** The list may no longer match its filter (an edit moved a case in or out of it). */
  const listStale = ref(false);

  const totalCases = computed(() => {
    const c = detail.value?.counts;
    return c ? c.ready + c.warning + c.rejected + c.excluded + c.suppressed : 0;
  });
  const current = (): GridFilter => ({
    status: status.value,
    kind: kind.value,
    duplicates: duplicates.value,
    corrected: corrected.value,
    search: search.value,
  });
  const filtered = () => isFiltered(current());
  function setFilter(f: Readonly<GridFilter>): void {
    status.value = f.status;
    kind.value = f.kind;
    duplicates.value = f.duplicates;
    corrected.value = f.corrected;
    search.value = f.search;
  }

  /** Bumped by every kinds load (and by opening a batch): only the newest one lands. */
  let kindsRun = 0;

  function filterOf(id: number) {
    return { batchId: id, ...filterInput(current()) };
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
    const filter = filterOf(id);
    const created = markRaw(
      new CaseSource(
        // The pager words a failure on the table; the session hears of it as of any other.
        (offset, limit) => noting(session, () => call('batches:cases', { ...filter, offset, limit })),
        () => noting(session, () => call('batches:countCases', filter)),
      ),
    );
    source.value = created;
    listStale.value = false;
    void created.start();
    return created;
  }

  async function open(id: number): Promise<void> {
    // Every visit starts from the whole batch, read afresh (another screen may have changed it).
    setFilter(WHOLE_BATCH);
    kinds.value = [];
    rowIssues.value = [];
    kindsState.value = 'idle';
    kindsRun += 1;
    dropSource();
    batchId.value = id;
    loadError.value = null;
    detail.value = null;
    // The first page and the counts travel together; the page does not wait for the counts.
    newSource();
    const got = await settle(session, () => call('batches:get', { batchId: id }));
    // Another batch was opened meanwhile: this answer is not for the screen any more.
    if (batchId.value !== id) return;
    if (!got.ok) {
      loadError.value = got.text;
      dropSource();
      return;
    }
    const found = got.value;
    detail.value = found;
    void loadKinds();
    void checkLists(id);
  }

  /** What checking the do-not-contact lists again changed when the batch was opened; null when nothing. */
  const ledgerChange = ref<ProcedureOutputs['batches:checkLedger'] | null>(null);

  /**
   * The do-not-contact lists first (an entry added since the batch was prepared), then duplicates: each
   * may change cases, and everything is read again once when any did.
   */
  async function checkLists(id: number): Promise<void> {
    ledgerChange.value = null;
    let changed = false;
    // Failed, the cases stay as they were (the upload applies the lists anyway, before anything is
    // sent); the session still hears of the failure.
    const got = await settle(session, () => call('batches:checkLedger', { batchId: id }));
    if (got.ok) {
      const ledger = got.value;
      if (batchId.value !== id) return;
      if (ledger.cases + ledger.phones + ledger.released > 0 || ledger.notices.length > 0) ledgerChange.value = ledger;
      changed = ledger.cases + ledger.phones + ledger.released > 0;
    }
    if (await checkDuplicates(id)) changed = true;
    if (changed && batchId.value === id) await reloadAll();
  }

  /**
   * Duplicate warnings are a snapshot: the other batch may have been deleted or uploaded since, or the
   * campaign's results downloaded. Checked again at every visit; when any changed, everything is read again.
   */
  async function checkDuplicates(id: number): Promise<boolean> {
    const got = await settle(session, () => call('batches:checkDuplicates', { batchId: id }));
    // Failed, the warnings stay as they were (the upload checks again anyway); the session heard of it.
    return got.ok && got.value.changed > 0;
  }

  async function refreshDetail(): Promise<void> {
    if (batchId.value === null) return;
    const before = detail.value?.counts;
    detail.value = await call('batches:get', { batchId: batchId.value });
    const after = detail.value.counts;
    if (before && filtered() && JSON.stringify(before) !== JSON.stringify(after)) listStale.value = true;
  }

  /** The kinds of issue and the row problems, as the store counts them now. */
  async function loadKinds(): Promise<void> {
    const id = batchId.value;
    if (id === null) return;
    // The newest load wins: one started later (after an edit or a fix) knows more.
    const run = ++kindsRun;
    if (kindsState.value !== 'ready') kindsState.value = 'loading';
    const got = await settle(session, () =>
      Promise.all([call('batches:caseKinds', { batchId: id }), call('batches:issues', { batchId: id, rowsOnly: true, limit: ROW_ISSUES_SHOWN })]),
    );
    if (run !== kindsRun) return;
    if (!got.ok) {
      kindsState.value = 'error';
      return;
    }
    const [found, rows] = got.value;
    if (kindsState.value === 'ready' && filtered() && JSON.stringify(found) !== JSON.stringify(kinds.value)) listStale.value = true;
    kinds.value = found;
    rowIssues.value = rows;
    kindsState.value = 'ready';
  }

  function setStatus(next: StatusFilter): void {
    status.value = next;
    newSource();
  }

  function setKind(next: string | null): void {
    kind.value = next;
    newSource();
  }

  function setDuplicates(next: boolean): void {
    duplicates.value = next;
    newSource();
  }

  function setCorrected(next: boolean): void {
    corrected.value = next;
    newSource();
  }

  /** The kept-for-corrections notice's way to its cases: the list shows just them. */
  function showCorrected(): void {
    setFilter(CORRECTED_ONLY);
    newSource();
  }

  function setSearch(next: string): void {
    if (next.trim() === search.value.trim()) {
      search.value = next;
      return;
    }
    search.value = next;
    newSource();
  }

  async function caseIssues(caseId: number): Promise<IssueView[]> {
    if (batchId.value === null) return [];
    return call('batches:issues', { batchId: batchId.value, caseId, limit: CASE_ISSUES_ASKED });
  }

  /** Applies an edit; the case comes back validated again, with its issues. */
  async function editCase(caseId: number, changes: CaseChanges): Promise<{ view: BatchCaseView; issues: IssueView[] }> {
    const id = batchId.value;
    if (id === null) throw new Error('no batch open');
    const view = await call('batches:editCase', { batchId: id, caseId, changes });
    source.value?.replace(view);
    const issues = await call('batches:issues', { batchId: id, caseId, limit: CASE_ISSUES_ASKED });
    await refreshDetail();
    void loadKinds();
    return { view, issues };
  }

  /** After a change to many cases: counts, kinds and the list are read again, with the same filters. */
  async function reloadAll(): Promise<void> {
    await refreshDetail();
    newSource();
    void loadKinds();
  }

  async function bulkFix(fix: BulkFix): Promise<number> {
    if (batchId.value === null) return 0;
    const { changed } = await call('batches:bulkFix', { batchId: batchId.value, fix });
    await reloadAll();
    return changed;
  }

  /**
   * The batches' files being written (a million-case report takes over a minute), by batch and file:
   * their cases and reasons done, of how many. One at a time of each, so each one's events are its own;
   * kept here, not on the screen, which the agent may leave and come back to meanwhile.
   */
  const exporting = ref<Record<string, ExportProgress>>({});
  const exportKey = (id: number, which: ExportProgress['file']) => `${id}:${which}`;
  const exportOf = (id: number, which: ExportProgress['file']): ExportProgress | null => exporting.value[exportKey(id, which)] ?? null;

  async function exportFile(which: ExportProgress['file']): Promise<string> {
    const id = batchId.value;
    if (id === null) throw new Error('no batch open');
    const key = exportKey(id, which);
    if (exporting.value[key]) throw new Error('this file of the batch is already being written');
    exporting.value = { ...exporting.value, [key]: { batchId: id, file: which, done: 0, total: 0 } };
    let saidAt = 0;
    const stop = onEvent('export:progress', (p) => {
      if (p.batchId !== id || p.file !== which || !exporting.value[key]) return;
      // At most once a second besides the first and the last: the line is read again each time it changes.
      const now = Date.now();
      if (p.done !== 0 && p.done !== p.total && now - saidAt < EXPORT_SAID_EVERY_MS) return;
      saidAt = now;
      exporting.value = { ...exporting.value, [key]: p };
    });
    try {
      const file = which === 'errors' ? await call('batches:exportErrors', { batchId: id }) : await call('batches:exportClean', { batchId: id });
      saveFile(file);
      return file.name;
    } finally {
      stop();
      const { [key]: _done, ...rest } = exporting.value;
      exporting.value = rest;
    }
  }

  /** A corrected report on its way into batchId: its cases written, of how many (0 while it is read). One at a time. */
  const correcting = ref<{ batchId: number; done: number; total: number } | null>(null);

  async function importCorrections(file: File): Promise<CorrectionsSummary> {
    const id = batchId.value;
    if (id === null) throw new Error('no batch open');
    if (correcting.value) throw new Error('corrections are being imported');
    correcting.value = { batchId: id, done: 0, total: 0 };
    const stop = onEvent('corrections:progress', (p) => {
      if (p.batchId === id && correcting.value?.batchId === id) correcting.value = { batchId: id, done: p.done, total: p.total };
    });
    try {
      const received = await receiveFile(file);
      const summary = await call('batches:importCorrections', { batchId: id, fileId: received.fileId });
      // The agent may have opened another batch meanwhile.
      if (batchId.value === id) await reloadAll();
      return summary;
    } finally {
      stop();
      correcting.value = null;
    }
  }

  function close(): void {
    dropSource();
  }

  return {
    batchId,
    detail,
    ledgerChange,
    loadError,
    status,
    kind,
    duplicates,
    corrected,
    search,
    source,
    kinds,
    kindsState,
    rowIssues,
    listStale,
    totalCases,
    open,
    refreshDetail,
    loadKinds,
    setStatus,
    setKind,
    setDuplicates,
    setCorrected,
    showCorrected,
    setSearch,
    newSource,
    caseIssues,
    editCase,
    bulkFix,
    exportFile,
    exporting,
    exportOf,
    importCorrections,
    correcting,
    close,
  };
});
