// The grid's rows for one filter: pages asked for by position, the count beside the first page,
// edits shown in place, far pages let go, failures and late answers handled.
import { describe, expect, it } from 'vitest';
import type { BatchCaseView } from '../../../src-main/surface/procedures';
import { CaseSource, KEPT_PAGES, PAGE_SIZE } from '../../../src-renderer/src/stores/case-source';

const TOTAL = 1_000;
const view = (id: number): BatchCaseView =>
  ({
    id,
    code: `C${id}`,
    firstName: '',
    lastName: '',
    phones: [],
    products: [],
    params: {},
    sourceRows: [],
    status: 'ready',
    uploadState: 'pending',
    uploadDetail: null,
    editable: true,
    issueCounts: { errors: 0, warnings: 0, fixes: 0 },
  }) as BatchCaseView;

function fakeStore(total = TOTAL) {
  const asked: [number, number][] = [];
  const fetchPage = async (offset: number, limit: number) => {
    asked.push([offset, limit]);
    return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => view(offset + i + 1));
  };
  return { asked, fetchPage, fetchCount: async () => total };
}

describe('CaseSource', () => {
  it('starts with the count and the first page', async () => {
    const store = fakeStore();
    const source = new CaseSource(store.fetchPage, store.fetchCount);
    await source.start();
    expect(source.total.value).toBe(TOTAL);
    expect(source.counted.value).toBe(true);
    expect(source.row(0)?.code).toBe('C1');
    expect(store.asked).toEqual([[0, PAGE_SIZE]]);
  });

  it('reaches the last rows with one request, and asks for a page once', async () => {
    const store = fakeStore();
    const source = new CaseSource(store.fetchPage, store.fetchCount);
    await source.start();
    await Promise.all([source.ensure(990, 1_010), source.ensure(995, 999)]);
    expect(source.row(999)?.code).toBe('C1000');
    expect(store.asked).toEqual([
      [0, PAGE_SIZE],
      [800, PAGE_SIZE],
    ]);
  });

  it('shows an edited case where it is', async () => {
    const store = fakeStore();
    const source = new CaseSource(store.fetchPage, store.fetchCount);
    await source.start();
    const before = source.version.value;
    source.replace({ ...view(5), status: 'rejected' });
    expect(source.row(4)?.status).toBe('rejected');
    expect(source.version.value).toBeGreaterThan(before);
  });

  it('keeps a bounded number of pages, those near the view', async () => {
    const store = fakeStore(PAGE_SIZE * (KEPT_PAGES + 10));
    const source = new CaseSource(store.fetchPage, store.fetchCount);
    await source.start();
    for (let page = 0; page < KEPT_PAGES + 10; page++) await source.ensure(page * PAGE_SIZE, page * PAGE_SIZE);
    expect(source.row(0)).toBeUndefined();
    expect(source.row((KEPT_PAGES + 9) * PAGE_SIZE)).toBeDefined();
  });

  it('turns a failure into its error, and drops answers once disposed', async () => {
    const failing = new CaseSource(
      async () => {
        throw new Error('offline');
      },
      async () => 3,
    );
    await failing.start();
    expect(failing.error.value).toBe('offline');
    const store = fakeStore();
    const late = new CaseSource(store.fetchPage, store.fetchCount);
    const started = late.start();
    late.dispose();
    await started;
    expect(late.row(0)).toBeUndefined();
    expect(late.counted.value).toBe(false);
  });

  it('an empty view is empty only once counted', async () => {
    const store = fakeStore(0);
    const source = new CaseSource(store.fetchPage, async () => new Promise<number>(() => {}));
    void source.start();
    await new Promise((r) => setTimeout(r, 10));
    expect(source.total.value).toBe(0);
    expect(source.counted.value).toBe(false);
  });
});
