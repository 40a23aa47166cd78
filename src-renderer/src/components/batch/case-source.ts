// Rows of the cases table for one filter: the store filters, counts and pages (batches:cases by
// position, batches:countCases); this only asks for the pages the table shows and keeps a few of
// them, so a 100,000-case batch scrolls like a short one.
//
// Pages are asked for by position (offset), not after a case id: the table addresses rows by
// position (the scrollbar, End, Page Down), and SQLite counts off an index to any position in a few
// milliseconds, so a jump anywhere is one request with nothing to walk.
import { shallowRef } from 'vue';
import type { BatchCaseView } from '../../../../src-main/surface/procedures';
import { errorText } from '../../api/casedesk';

export const PAGE_SIZE = 200;
/** Pages kept in memory; the ones farthest from what the table last asked for go first. */
export const KEPT_PAGES = 50;

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
    for (let page = first; page <= Math.floor(last / PAGE_SIZE); page++) jobs.push(this.load(page));
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

  private load(page: number): Promise<void> {
    if (this.pages.has(page)) return Promise.resolve();
    let job = this.inFlight.get(page);
    if (!job) {
      job = this.fetchAndKeep(page).finally(() => this.inFlight.delete(page));
      this.inFlight.set(page, job);
    }
    return job;
  }

  private async fetchAndKeep(page: number): Promise<void> {
    const rows = await this.guard(this.fetchPage(page * PAGE_SIZE, PAGE_SIZE));
    if (!rows) return;
    this.pages.set(page, rows);
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
