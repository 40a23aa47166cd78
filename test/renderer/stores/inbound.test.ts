// The inbound store reads the stored inbound calls a page at a time for a filter, and downloads the
// filter's calls (with their recordings) from the service.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInboundStore } from '../../../src-renderer/src/stores/inbound';
import { fakeSurface } from '../support/fake-surface';

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('inbound store', () => {
  it("reads a page of one bot's calls since a day, and downloads them with their recordings", async () => {
    const summary = { cases: 2, changedCases: 2, recordings: 1, recordingsSkipped: 0, cancelled: false };
    const calls = fakeSurface({ 'inbound:cases': [], 'inbound:download': summary });
    const inbound = useInboundStore();
    expect(await inbound.cases({ botId: 5, from: '2026-11-01' }, 50, 50)).toEqual([]);
    expect(await inbound.download({ botId: 5, from: '2026-11-01', recordings: true })).toEqual(summary);
    expect(calls).toEqual([
      { name: 'inbound:cases', input: { botId: 5, from: '2026-11-01', offset: 50, limit: 50 } },
      { name: 'inbound:download', input: { botId: 5, from: '2026-11-01', recordings: true } },
    ]);
  });
});
