// The results store asks the surface for a campaign's results: the download (and its stop), the pages
// of cases, one case with its calls (read together), the summary, the promises, the Excel files, the
// follow-up batch and what is stored. Each answer is the surface's; a failure keeps its code.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { transport } from '../../../src-renderer/src/api/transport';
import { useResultsStore } from '../../../src-renderer/src/stores/results';
import { fakeSurface } from '../support/fake-surface';

type Row = NonNullable<ProcedureOutputs['results:case']>;
const ROW = { id: 31, code: 'C-31' } as Row;

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('results store', () => {
  it('reads a page of cases of one figure, and one case with its calls', async () => {
    const calls = fakeSurface({ 'results:cases': { total: 1, cases: [ROW] }, 'results:case': ROW, 'results:calls': [] });
    const results = useResultsStore();
    expect(await results.cases(7, { offset: 15, limit: 15, filter: 'promise' })).toEqual({ total: 1, cases: [ROW] });
    expect(await results.caseCalls(7, 31)).toEqual({ found: ROW, listed: [] });
    expect(calls).toEqual([
      { name: 'results:cases', input: { campaignId: 7, offset: 15, limit: 15, filter: 'promise' } },
      { name: 'results:case', input: { campaignId: 7, caseId: 31 } },
      { name: 'results:calls', input: { campaignId: 7, caseId: 31 } },
    ]);
  });

  it('downloads with or without the recordings, and stops a download by saying which', async () => {
    const summary = { cases: 3, changedCases: 3, calls: 5, recordings: 0, recordingsSkipped: 0, cancelled: false };
    const calls = fakeSurface({ 'results:download': summary, 'downloads:cancel': { cancelled: true } });
    const results = useResultsStore();
    expect(await results.download(7, false)).toEqual(summary);
    expect(await results.cancelDownload({ what: 'campaign', campaignId: 7 })).toEqual({ cancelled: true });
    expect(calls.map((c) => c.input)).toEqual([
      { campaignId: 7, recordings: false },
      { what: 'campaign', campaignId: 7 },
    ]);
  });

  it('hears how a download goes until told to stop listening', () => {
    const listeners: ((payload: unknown) => void)[] = [];
    const off = vi.fn();
    vi.spyOn(transport, 'on').mockImplementation((name, listener) => {
      expect(name).toBe('download:progress');
      listeners.push(listener as (payload: unknown) => void);
      return off;
    });
    const heard: unknown[] = [];
    const stop = useResultsStore().onDownloadProgress((p) => heard.push(p));
    listeners[0]?.({ what: 'campaign', campaignId: 7, phase: 'cases', done: 1, total: 3 });
    stop();
    expect(heard).toHaveLength(1);
    expect(off).toHaveBeenCalledOnce();
  });

  it('makes a follow-up batch of some result names, and fails with the code the surface gave', async () => {
    const calls = fakeSurface({ 'campaigns:followup': { failure: 'results.busy', params: { campaignId: 7 } } });
    const results = useResultsStore();
    await expect(results.followup({ campaignId: 7, results: ['Promesa de pago'] })).rejects.toMatchObject({ code: 'results.busy' });
    expect(calls).toEqual([{ name: 'campaigns:followup', input: { campaignId: 7, results: ['Promesa de pago'] } }]);
  });
});
