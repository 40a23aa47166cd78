// The rows the cases table shows, asked of the store page by page: what reaches the store for a
// view, and what the table reads back.
import { describe, expect, it } from 'vitest';
import type { BatchCaseView } from '../../../src-main/surface/procedures';
import { CaseSource, PAGE_SIZE } from '../../../src-renderer/src/stores/case-source';

/** A store of `total` rows that records every request it answers. */
function storeOf(total: number) {
  const asked: Array<[offset: number, limit: number]> = [];
  const row = (i: number) => ({ id: i + 1, code: `C${i + 1}` }) as unknown as BatchCaseView;
  const source = new CaseSource(
    async (offset, limit) => {
      asked.push([offset, limit]);
      return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, k) => row(offset + k));
    },
    async () => total,
  );
  return { source, asked };
}

describe('the rows of the cases table', () => {
  it('starts with the first page and the count', async () => {
    const { source, asked } = storeOf(1_000);
    await source.start();
    expect(asked).toEqual([[0, PAGE_SIZE]]);
    expect(source.total.value).toBe(1_000);
    expect(source.row(0)?.code).toBe('C1');
  });

  it('asks for a view across a page boundary in one request, and keeps both pages', async () => {
    const { source, asked } = storeOf(100_000);
    await source.start();
    asked.length = 0;
    await source.ensure(49_990, 50_030);
    expect(asked).toEqual([[49_800, 2 * PAGE_SIZE]]);
    expect(source.row(49_990)?.code).toBe('C49991');
    expect(source.row(50_030)?.code).toBe('C50031');
    await source.ensure(49_800, 50_199);
    expect(asked).toHaveLength(1);
  });

  it('asks only for the pages it does not have or is not already waiting for', async () => {
    const { source, asked } = storeOf(100_000);
    await source.start();
    asked.length = 0;
    const waiting = source.ensure(400, 450);
    await Promise.all([waiting, source.ensure(450, 650)]);
    expect(asked).toEqual([
      [400, PAGE_SIZE],
      [600, PAGE_SIZE],
    ]);
    expect(source.row(650)?.code).toBe('C651');
  });

  it('keeps what came back at the end of the view, however short', async () => {
    const { source, asked } = storeOf(1_050);
    await source.start();
    asked.length = 0;
    await source.ensure(790, 1_100);
    expect(asked).toEqual([[600, 3 * PAGE_SIZE]]);
    expect(source.row(1_049)?.code).toBe('C1050');
    expect(source.row(1_050)).toBeUndefined();
  });
});
