// Rows of the cases table, fetched a page at a time from `batches:cases` (keyset paging by case id)
// and cached, so a 100,000-case batch scrolls like a short one.
//
// Three ways to find the rows for a position:
// - "dense": no filter, and the batch's case ids are consecutive (the import stores them in one
//   transaction; one probe checks it). Row i is then the case with id firstId + i, so any page,
//   the last one too, is a single request.
// - "walk": a status filter (or ids with gaps). A row's position is only known next to a row whose
//   position is known: the start, the end (the view's count is known), or a loaded row. A gap is
//   filled from its closer side: forward from the row before it (keyset as it is), or backward from
//   the row after it (fetching from an id guessed far enough back, until that row is reached). So
//   End is one or two requests; only a jump to the middle of a long filtered view walks far.
// - "match": an issue-kind filter. The cases come from walking the batch and keeping those whose
//   code has that kind of issue; the walk runs to the end by itself.
import { shallowRef } from 'vue';
import type { BatchCaseView } from '../../../../src-main/surface/procedures';

export const PAGE_SIZE = 200;
export const WALK_SIZE = 1000;

export type CaseStatus = BatchCaseView['status'];
export type Fetch = (query: { afterId?: number; offset?: number; limit: number }) => Promise<BatchCaseView[]>;

/** The batch's ids run from `first` to `last` (known once the unfiltered view has probed them). */
export interface IdRange {
  first: number;
  last: number;
}

export interface SourceOptions {
  /** Rows this view has, when known (the batch's counts); unused in match mode. */
  total: number | null;
  /** Only the cases with these codes ("match" mode). */
  codes?: ReadonlySet<string> | null;
  /** The view has no status filter: ids may be addressed directly. */
  unfiltered: boolean;
  /** Walk mode: lets a gap near the end be filled backward from the end. */
  ids?: IdRange | null;
}

export class CaseSource {
  /** Bumped whenever rows arrive or change: the table re-reads what it shows. */
  readonly version = shallowRef(0);
  readonly total = shallowRef(0);
  /** Every row of the view is known (match mode: the walk reached the end). */
  readonly complete = shallowRef(false);
  /** Match mode: cases examined so far. */
  readonly scanned = shallowRef(0);
  readonly error = shallowRef<string | null>(null);

  private readonly rows: (BatchCaseView | undefined)[] = [];
  private readonly indexById = new Map<number, number>();
  private readonly mode: 'dense' | 'walk' | 'match';
  private firstId: number | null = null;
  /** null until the probe answers. */
  private dense: boolean | null = null;
  private probe: Promise<void> | null = null;
  private readonly pagesInFlight = new Map<number, Promise<void>>();
  /** Walk mode: the range the table wants next, and the loop filling ranges one at a time. */
  private wanted: [number, number] | null = null;
  private filling: Promise<void> | null = null;
  private disposed = false;

  constructor(
    private readonly fetch: Fetch,
    private readonly options: SourceOptions,
  ) {
    this.mode = options.codes ? 'match' : options.unfiltered ? 'dense' : 'walk';
    this.total.value = options.codes ? 0 : (options.total ?? 0);
  }

  row(index: number): BatchCaseView | undefined {
    return this.rows[index];
  }

  indexOf(caseId: number): number | undefined {
    return this.indexById.get(caseId);
  }

  /** The batch's id range, once the unfiltered view knows its ids are consecutive. */
  idRange(): IdRange | null {
    const total = this.options.total;
    return this.mode === 'dense' && this.dense === true && this.firstId !== null && total !== null ? { first: this.firstId, last: this.firstId + total - 1 } : null;
  }

  /** The first page (and, in match mode, the walk that finds every matching case). */
  async start(): Promise<void> {
    if (this.mode === 'match') {
      void this.runMatch();
      return;
    }
    if (this.mode === 'walk') {
      await this.ensure(0, PAGE_SIZE - 1);
      return;
    }
    const first = await this.guard(this.fetch({ limit: PAGE_SIZE }));
    if (!first) return;
    this.firstId = first[0]?.id ?? null;
    this.place(0, first);
    if (first.length < PAGE_SIZE) this.setTotal(first.length);
    else if (this.options.total === null) this.total.value = Math.max(this.total.value, first.length);
    this.bump();
    this.maybeProbe();
  }

  /** The view's size became known (the batch's counts answered after the first page). */
  setTotal(total: number): void {
    if (this.mode === 'match') return;
    this.options.total = total;
    this.total.value = total;
    this.maybeProbe();
    this.bump();
  }

  /** Loads rows [from, to] (clamped) if they are not loaded yet. */
  ensure(from: number, to: number): Promise<void> {
    const start = Math.max(0, from);
    const last = Math.min(to, this.total.value - 1);
    if (this.disposed || this.mode === 'match' || last < start) return Promise.resolve();
    if (this.mode === 'walk' || this.dense === false) return this.fillLater(start, last);
    const jobs: Promise<void>[] = [];
    for (let page = Math.floor(start / PAGE_SIZE); page <= Math.floor(last / PAGE_SIZE); page++) {
      if (this.pageLoaded(page)) continue;
      let job = this.pagesInFlight.get(page);
      if (!job) {
        job = this.loadPage(page).finally(() => this.pagesInFlight.delete(page));
        this.pagesInFlight.set(page, job);
      }
      jobs.push(job);
    }
    return Promise.all(jobs).then(() => undefined);
  }

  /** An edited case: its row shows the new values where it is. */
  replace(view: BatchCaseView): void {
    const index = this.indexById.get(view.id);
    if (index === undefined) return;
    this.rows[index] = view;
    this.bump();
  }

  dispose(): void {
    this.disposed = true;
  }

  private bump(): void {
    this.version.value += 1;
  }

  private place(at: number, rows: readonly BatchCaseView[]): void {
    rows.forEach((row, i) => {
      this.rows[at + i] = row;
      this.indexById.set(row.id, at + i);
    });
  }

  private pageLoaded(page: number): boolean {
    const from = page * PAGE_SIZE;
    const to = Math.min(from + PAGE_SIZE, this.total.value) - 1;
    return this.rows[from] !== undefined && this.rows[to] !== undefined;
  }

  /** Failures become the view's error; a disposed source drops late answers. */
  private async guard<T>(work: Promise<T>): Promise<T | null> {
    try {
      const value = await work;
      return this.disposed ? null : value;
    } catch (err) {
      if (!this.disposed) this.error.value = err instanceof Error ? err.message : String(err);
      return null;
    }
  }

  // ---- dense mode -------------------------------------------------------------------------------

  private maybeProbe(): void {
    const total = this.options.total;
    if (this.mode !== 'dense' || this.firstId === null || this.dense !== null || this.probe || total === null || total <= PAGE_SIZE) return;
    this.probe = this.checkDensity();
  }

  /** Ids are consecutive when the last case has id firstId + total - 1 (n distinct ids in a range of n). */
  private async checkDensity(): Promise<void> {
    const total = this.options.total;
    if (this.firstId === null || total === null) return;
    const lastId = this.firstId + total - 1;
    const tail = await this.guard(this.fetch({ afterId: lastId - 1, limit: 2 }));
    if (!tail) return;
    this.dense = tail.length === 1 && tail[0]?.id === lastId;
    if (this.dense && tail[0]) this.place(total - 1, tail);
    this.bump();
  }

  private async loadPage(page: number): Promise<void> {
    if (this.dense === null && this.probe) await this.probe;
    const end = Math.min((page + 1) * PAGE_SIZE, this.total.value) - 1;
    if (this.dense === false) return this.fillLater(page * PAGE_SIZE, end);
    if (this.firstId === null) return;
    const from = page * PAGE_SIZE;
    const rows = await this.guard(this.fetch({ afterId: this.firstId + from - 1, limit: PAGE_SIZE }));
    if (!rows) return;
    // The ids must be the expected ones; otherwise positions cannot be computed and we walk instead.
    if (rows.some((r, i) => r.id !== (this.firstId ?? 0) + from + i)) {
      this.dense = false;
      return this.fillLater(from, end);
    }
    this.place(from, rows);
    this.bump();
  }

  // ---- walk mode --------------------------------------------------------------------------------

  /** Queues range [from, to]; the loop fills the newest wanted range once the current one is done. */
  private fillLater(from: number, to: number): Promise<void> {
    this.wanted = [from, to];
    this.filling ??= (async () => {
      try {
        while (this.wanted && !this.disposed && !this.error.value) {
          const [a, b] = this.wanted;
          this.wanted = null;
          await this.fill(a, b);
        }
      } finally {
        this.filling = null;
      }
    })();
    return this.filling;
  }

  /** Fills every gap in [from, to], each from its closer known side. */
  private async fill(from: number, to: number): Promise<void> {
    for (let m = from; m <= to && !this.disposed; ) {
      if (this.rows[m] !== undefined) {
        m += 1;
        continue;
      }
      let e = m;
      while (e + 1 <= to && this.rows[e + 1] === undefined) e += 1;
      // Known neighbours: the loaded row before the gap (or the start), the one after it (or the end).
      let before = m - 1;
      while (before >= 0 && this.rows[before] === undefined) before -= 1;
      let after = e + 1;
      while (after < this.total.value && this.rows[after] === undefined) after += 1;
      const forwardCost = e - before;
      const backwardCost = after - m;
      const canGoBack = after < this.total.value || !!this.options.ids;
      let ok: boolean;
      // Far from anything known (a jump to the middle of a long filtered view): read it by position.
      if (this.mode === 'walk' && Math.min(forwardCost, canGoBack ? backwardCost : Infinity) > WALK_SIZE) ok = await this.fillAt(m, e);
      else ok = canGoBack && backwardCost < forwardCost ? await this.fillBackward(before, m, after) : await this.fillForward(before, e);
      if (!ok) return;
      m = e + 1;
    }
  }

  /** Reads rows [from, to] by their position in the view (the service side counts them off the index). */
  private async fillAt(from: number, to: number): Promise<boolean> {
    for (let position = from; position <= to; ) {
      const limit = Math.min(PAGE_SIZE, to - position + 1);
      const rows = await this.guard(this.fetch({ offset: position, limit }));
      if (!rows) return false;
      this.place(position, rows);
      this.bump();
      if (rows.length < limit) return true;
      position += rows.length;
      if (this.wanted && !this.covers(this.wanted, to)) return false;
    }
    return true;
  }

  /** Walks forward from the row at `before` (or the start) until row `to` is loaded. */
  private async fillForward(before: number, to: number): Promise<boolean> {
    let position = before + 1;
    let afterId = before >= 0 ? (this.rows[before]?.id ?? 0) : 0;
    while (position <= to) {
      const limit = to - position + 1 > PAGE_SIZE ? WALK_SIZE : PAGE_SIZE;
      const rows = await this.guard(this.fetch({ afterId, limit }));
      if (!rows) return false;
      this.place(position, rows);
      position += rows.length;
      afterId = rows[rows.length - 1]?.id ?? afterId;
      this.bump();
      if (rows.length < limit) {
        // The view ended sooner than its count said (the counts changed): believe the rows.
        if (position < this.total.value) this.setTotal(position);
        return true;
      }
      // The agent went elsewhere meanwhile: stop here (what was read stays) and serve that first.
      if (this.wanted && !this.covers(this.wanted, to)) return false;
    }
    return true;
  }

  private covers(range: readonly [number, number], index: number): boolean {
    return range[0] <= index && index <= range[1];
  }

  /**
   * Fills rows [from, anchor) backward from the row at `anchor` (or from the end): the rows just
   * before it are those after a guessed id, read forward until the anchor's id. A guess that was
   * not far enough back is followed by one further back (twice the spread each time).
   */
  private async fillBackward(before: number, from: number, anchor: number): Promise<boolean> {
    const total = this.total.value;
    const ids = this.options.ids;
    // Exclusive upper bound: every matching id at or above it is placed at `position` or later.
    let upper = anchor < total ? (this.rows[anchor]?.id ?? 0) : (ids?.last ?? 0) + 1;
    let position = anchor;
    // Never read below the row known before the gap (or the batch's first id): nothing is missing there.
    const beforeId = before >= 0 ? this.rows[before]?.id : undefined;
    const floor = beforeId ?? (ids ? ids.first - 1 : 0);
    // Ids per row of this view, from the two known ends around the gap.
    let spread = Math.max(1, (upper - 1 - floor) / Math.max(1, anchor - before - 1));
    while (position > from) {
      const needed = position - from;
      const lower = Math.max(floor, upper - 1 - Math.ceil(needed * spread * 1.25));
      const found: BatchCaseView[] = [];
      for (let afterId = lower; ; ) {
        const rows = await this.guard(this.fetch({ afterId, limit: WALK_SIZE }));
        if (!rows) return false;
        const below = rows.filter((r) => r.id < upper);
        found.push(...below);
        afterId = rows[rows.length - 1]?.id ?? afterId;
        if (below.length < rows.length || rows.length < WALK_SIZE) break;
      }
      const start = Math.max(0, position - found.length);
      this.place(start, found.slice(found.length - (position - start)));
      this.bump();
      position = start;
      upper = lower + 1;
      if (lower <= floor) break;
      if (found.length < needed) spread *= 2;
    }
    return true;
  }

  // ---- match mode -------------------------------------------------------------------------------

  /** Walks the whole view, keeping the cases whose code is wanted. */
  private async runMatch(): Promise<void> {
    const codes = this.options.codes ?? new Set<string>();
    // Every wanted code found: the rest of the batch need not be read.
    const wanted = codes.size;
    let known = 0;
    let cursor = 0;
    for (let ended = false; !this.disposed && !ended && known < wanted; ) {
      const rows = await this.guard(this.fetch({ afterId: cursor, limit: WALK_SIZE }));
      if (!rows) return;
      const kept = rows.filter((r) => codes.has(r.code));
      this.place(known, kept);
      known += kept.length;
      this.scanned.value += rows.length;
      cursor = rows[rows.length - 1]?.id ?? cursor;
      ended = rows.length < WALK_SIZE;
      this.total.value = known;
      this.bump();
    }
    if (!this.disposed) this.complete.value = true;
  }
}
