// What the grid asks the store for: only the parts of the agent's filter that narrow the list, and the
// kept-for-corrections notice's list, the corrected cases with nothing else left on to hide some.
import { describe, expect, it } from 'vitest';
import { procedures } from '../../../src-main/surface/procedures';
import { CORRECTED_ONLY, filterInput, isFiltered, WHOLE_BATCH, type GridFilter } from '../../../src-renderer/src/stores/case-filter';

describe('the filter the grid asks for', () => {
  it('sends nothing for the whole batch', () => {
    expect(filterInput(WHOLE_BATCH)).toEqual({});
    expect(isFiltered(WHOLE_BATCH)).toBe(false);
    expect(isFiltered({ ...WHOLE_BATCH, search: '   ' })).toBe(false);
  });

  it('sends each part that narrows the list, the corrected cases among them', () => {
    const all: GridFilter = { status: 'warning', kind: 'phone-fixed', duplicates: true, corrected: true, search: ' pena ' };
    expect(filterInput(all)).toEqual({ status: 'warning', kind: 'phone-fixed', duplicates: true, corrected: true, search: 'pena' });
    expect(filterInput({ ...WHOLE_BATCH, corrected: true })).toEqual({ corrected: true });
    expect(isFiltered({ ...WHOLE_BATCH, corrected: true })).toBe(true);
    // What the surface reads as it is.
    expect(procedures['batches:countCases'].parse({ batchId: 3, ...filterInput(all) })).toEqual({ batchId: 3, ...filterInput(all) });
  });

  it("the notice's list: only the corrected cases, every other part cleared", () => {
    expect(CORRECTED_ONLY).toEqual({ ...WHOLE_BATCH, corrected: true });
    expect(filterInput(CORRECTED_ONLY)).toEqual({ corrected: true });
  });
});
