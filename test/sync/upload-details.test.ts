// Why a case was not loaded is kept as a code and its params, never as prose of CaseDesk's: the
// service's words only as the {reason} of upload.detail.service_said or .request_refused.
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src-main/client';
import { uploadBatch } from '../../src-main/sync/upload-engine';
import { control } from '../client/helpers';
import { useEmulator } from '../support/emulator';
import { uploadWorld, type UploadWorld } from './upload-fixture';

const emulator = useEmulator();
const worlds: UploadWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) w.cleanup();
  await control(emulator.current.url, 'reset');
});

/** The service's answer to every upload, played by the test; everything else goes to the emulator. */
function answeringUploads(status: number, body: unknown): FetchLike {
  return (input, init) => {
    if (init.method === 'PUT' && input.includes('/api/v2/create_campaign/'))
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    return fetch(input, init);
  };
}

async function world(n: number, opts: Parameters<typeof uploadWorld>[2] = {}): Promise<UploadWorld> {
  const w = await uploadWorld(emulator.current.url, n, opts);
  worlds.push(w);
  return w;
}

const run = (w: UploadWorld) =>
  uploadBatch({ store: w.store, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep, random: () => 0.5 }, w.batchId, w.campaignId, {
    chunkLimits: { maxCases: 100, maxBytes: 2_000_000 },
  });

const storedDetails = (w: UploadWorld) =>
  w.store.db.prepare('SELECT code, upload_detail AS detail FROM batch_cases WHERE batch_id = ? ORDER BY id').all(w.batchId) as {
    code: string;
    detail: string | null;
  }[];

describe('why a case was not loaded', () => {
  it("keeps the service's reason for a case it rejected as the service's, stored as a code", async () => {
    const w = await world(3, { badCodes: ['C00001'] });
    const result = await run(w);
    const reason = result.rejected[0]?.detail.params.reason;
    expect(result.rejected).toEqual([{ code: 'C00001', detail: { code: 'upload.detail.service_said', params: { reason: expect.any(String) } } }]);
    expect(reason).toMatch(/15/);
    expect(storedDetails(w)[1]).toEqual({ code: 'C00001', detail: JSON.stringify({ code: 'upload.detail.service_said', params: { reason } }) });
  });

  it('says a case the service did not name in a 400 was not loaded because the whole request was refused, with its message', async () => {
    const body = { message: 'Campaign 9: no case could be loaded.', Errors: [{ C00001: 'phone 1: not a valid number' }] };
    const w = await world(2, { fetch: answeringUploads(400, body) });
    const result = await run(w);
    expect(result.rejected).toEqual([
      { code: 'C00000', detail: { code: 'upload.detail.request_refused', params: { reason: 'Campaign 9: no case could be loaded.' } } },
      { code: 'C00001', detail: { code: 'upload.detail.service_said', params: { reason: 'phone 1: not a valid number' } } },
    ]);
  });

  it('says a case too large on its own was not loaded (413), in no words of its own', async () => {
    const w = await world(1, { fetch: answeringUploads(413, {}) });
    const result = await run(w);
    expect(result.rejected).toEqual([{ code: 'C00000', detail: { code: 'upload.detail.too_large', params: {} } }]);
    expect(storedDetails(w)).toEqual([{ code: 'C00000', detail: '{"code":"upload.detail.too_large","params":{}}' }]);
  });
});
