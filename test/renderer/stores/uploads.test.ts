// The uploads started from this window outlive the screens: a run is kept with its progress (from the
// upload's events) and its summary; a second start of a running batch is ignored; a failed cancel is
// reported the one way (the session hears of it) and the run goes on.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadSummary } from '../../../src-main/surface/procedures';
import { transport } from '../../../src-renderer/src/api/transport';
import { useSessionStore } from '../../../src-renderer/src/stores/session';
import { useUploads } from '../../../src-renderer/src/stores/uploads';
import { fakeSurface } from '../support/fake-surface';
import { pending } from '../support/pending';

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('uploads', () => {
  it('keeps a run while it uploads, with its progress, then its summary', async () => {
    const progress: ((p: unknown) => void)[] = [];
    vi.spyOn(transport, 'on').mockImplementation((_name, listener) => {
      progress.push(listener as (p: unknown) => void);
      return () => undefined;
    });
    const answer = pending<UploadSummary>();
    const calls = fakeSurface({ 'sync:upload': () => answer.promise });
    const { runs, upload, forget } = useUploads();
    const done = upload(21, 9);
    void upload(21, 9);
    expect(runs.get(21)?.running).toBe(true);
    for (const listener of progress) listener({ batchId: 21, activity: 'sending' });
    expect(runs.get(21)?.progress).toMatchObject({ activity: 'sending' });
    answer.resolve({ campaignId: 9, pause: null } as unknown as UploadSummary);
    await done;
    expect(runs.get(21)).toMatchObject({ running: false, campaignId: 9, error: null });
    expect(calls).toEqual([{ name: 'sync:upload', input: { batchId: 21, inDoubt: 'ask', reloadDuplicates: false, campaignId: 9 } }]);
    forget(21);
    expect(runs.has(21)).toBe(false);
  });

  it('reports a cancel that could not reach the app, and asks what an upload would start', async () => {
    const calls = fakeSurface({ 'sync:cancel': { failure: 'host.not_answering' }, 'sync:checkUpload': { notices: [] } });
    const session = useSessionStore();
    session.online = true;
    const { cancel, checkUpload } = useUploads();
    await cancel(21);
    expect(session.online).toBe(false);
    expect(await checkUpload({ batchId: 21, reloadDuplicates: false })).toEqual({ notices: [] });
    expect(calls.map((c) => c.name)).toEqual(['sync:cancel', 'sync:checkUpload']);
  });
});
