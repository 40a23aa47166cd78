// Rows of the cases table for one filter: the store filters, counts and pages (batches:cases by
// position, batches:countCases); this only asks for the pages the table shows and keeps a few of
// them, so a 100,000-case batch scrolls like a short one.
//
// Pages are asked for by position (offset), not after a case id: the table addresses rows by
// position (the scrollbar, End, Page Down), and SQLite counts off an index to any position in a few
// milliseconds, so a jump anywhere is one request with nothing to walk.
import { shallowRef } from 'vue';
import type { BatchCaseView } from '../../../src-main/surface/procedures';
import { errorText } from '../api/failures';

export const PAGE_SIZE = 200;
/** Pages kept in memory; the ones farthest from what the table last asked for go first. */
export const KEPT_PAGES = 50;
/** Most pages one request asks for (the surface's limit is 1,000 rows). */
const PAGES_PER_REQUEST = 5;

export type CaseStatus = BatchCaseView['status'];
export type FetchPage = (offset: number, limit: number) => Promise<BatchCaseView[]>;
export type FetchCount = () => Promise<number>;

export class CaseSource {
  /** Bumped whenever rows arrive or change: the table re-reads what it shows. */
  readonly version = shallowRef(0);
  /** Rows of the view: the store's count once it answered (until then, what the first page showed). */
  readonly total = shallowRef(0);
  /** The count answered: an empty view is really empty. */
  readonly counted = shallowRef(false);
  readonly error = shallowRef<string | null>(null);

  private readonly pages = new Map<number, BatchCaseView[]>();
  private readonly inFlight = new Map<number, Promise<void>>();
  /** The page the table last asked for: eviction keeps the pages around it. */
  private focus = 0;
  private disposed = false;

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly fetchCount: FetchCount,
  ) {}

  row(index: number): BatchCaseView | undefined {
    return this.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
  }

  /** The first page and the count, asked together (the page first: the store answers in order). */
  async start(): Promise<void> {
    await Promise.all([this.load(0), this.count()]);
  }

  /** Loads rows [from, to] (clamped to the view) that are not loaded yet. */
  ensure(from: number, to: number): Promise<void> {
    const last = this.counted.value ? Math.min(to, this.total.value - 1) : to;
    if (this.disposed || last < from) return Promise.resolve();
    const first = Math.floor(Math.max(0, from) / PAGE_SIZE);
    this.focus = first;
    const jobs: Promise<void>[] = [];
    const end = Math.floor(last / PAGE_SIZE);
    for (let page = first; page <= end; page++) {
      const job = this.inFlight.get(page);
      if (job) jobs.push(job);
      else if (!this.pages.has(page)) {
        // A view across a page boundary (a jump lands on one half the time) is one request, not two the host answers in turn.
        let pages = 1;
        while (pages < PAGES_PER_REQUEST && page + pages <= end && !this.pages.has(page + pages) && !this.inFlight.has(page + pages)) pages++;
        jobs.push(this.load(page, pages));
        page += pages - 1;
      }
    }
    return Promise.all(jobs).then(() => undefined);
  }

  /** An edited case: its row shows the new values where it is. */
  replace(view: BatchCaseView): void {
    for (const rows of this.pages.values()) {
      const at = rows.findIndex((r) => r.id === view.id);
      if (at < 0) continue;
      rows[at] = view;
      this.bump();
      return;
    }
  }

  dispose(): void {
    this.disposed = true;
  }

  private async count(): Promise<void> {
    const total = await this.guard(this.fetchCount());
    if (total === null) return;
    this.total.value = total;
    this.counted.value = true;
    this.bump();
  }

  /** Pages [page, page + pages), asked for in one request unless already loaded or asked for. */
  private load(page: number, pages = 1): Promise<void> {
    if (this.pages.has(page)) return Promise.resolve();
    const known = this.inFlight.get(page);
    if (known) return known;
    const job = this.fetchAndKeep(page, pages).finally(() => {
      for (let p = page; p < page + pages; p++) this.inFlight.delete(p);
    });
    for (let p = page; p < page + pages; p++) this.inFlight.set(p, job);
    return job;
  }

  private async fetchAndKeep(page: number, pages: number): Promise<void> {
    const rows = await this.guard(this.fetchPage(page * PAGE_SIZE, pages * PAGE_SIZE));
    if (!rows) return;
    // The first page even when empty (an empty view); the others only as far as rows came back.
    for (let p = 0; p < pages && (p === 0 || p * PAGE_SIZE < rows.length); p++) this.pages.set(page + p, rows.slice(p * PAGE_SIZE, (p + 1) * PAGE_SIZE));
    // Before the count answers, the rows seen say at least how long the view is.
    if (!this.counted.value) this.total.value = Math.max(this.total.value, page * PAGE_SIZE + rows.length);
    this.evict();
    this.bump();
  }

  private evict(): void {
    if (this.pages.size <= KEPT_PAGES) return;
    const farthest = [...this.pages.keys()].sort((a, b) => Math.abs(b - this.focus) - Math.abs(a - this.focus));
    for (const page of farthest.slice(0, this.pages.size - KEPT_PAGES)) this.pages.delete(page);
  }

  private bump(): void {
    this.version.value += 1;
  }

  /** Failures become the view's error; a disposed source drops late answers. */
  private async guard<T>(work: Promise<T>): Promise<T | null> {
    try {
      const value = await work;
      return this.disposed ? null : value;
    } catch (err) {
      if (!this.disposed) this.error.value = errorText(err);
      return null;
    }
  }
}
