// An upload answered with a redirect: the cases go nowhere else, the upload pauses as a contract
// failure instead of retrying, and what the service did load is known before anything is sent again.
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src-main/client';
import { uploadBatch } from '../../src-main/sync/upload-engine';
import { control, useElsewhereServer, useLocalServer } from '../client/helpers';
import { useEmulator } from '../support/emulator';
import { expectExactlyOnce, loadedOnServer, uploadWorld, type UploadWorld } from './upload-fixture';
import { formatFailure } from '../../src-main/domain/failures/failure';

const emulator = useEmulator();
const elsewhere = useElsewhereServer();
/** Stands in front of the service for uploads only, and answers them with a redirect to `elsewhere`. */
const gateway = useLocalServer();
let redirecting = true;

const worlds: UploadWorld[] = [];
beforeEach(() => {
  redirecting = true;
  elsewhere.received.length = 0;
});
afterEach(async () => {
  for (const w of worlds.splice(0)) w.cleanup();
  await control(emulator.current.url, 'reset');
});

/** Uploads go to the gateway while `redirecting`; everything else (reads included) to the emulator. */
const viaGateway: FetchLike = (input, init) => {
  const upload = init.method === 'PUT' && input.includes('/api/v2/create_campaign/');
  return fetch(upload && redirecting ? input.replace(emulator.current.url, gateway.url) : input, init);
};

async function world(n: number): Promise<UploadWorld> {
  const w = await uploadWorld(emulator.current.url, n, { fetch: viaGateway });
  worlds.push(w);
  return w;
}

const run = (w: UploadWorld) =>
  uploadBatch({ store: w.store, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep, random: () => 0.5 }, w.batchId, w.campaignId, {
    chunkLimits: { maxCases: 100, maxBytes: 2_000_000 },
  });

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

describe('an upload answered with a redirect', () => {
  it('307: nothing reaches the other host, the upload pauses on the first chunk, not in doubt, and a later run loads each case once', async () => {
    gateway.handle = (_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/api/v2/create_campaign/1/` });
      res.end();
    };
    const w = await world(150);
    const paused = await run(w);
    expect(paused).toMatchObject({ status: 'paused', loaded: 0, pending: 150, inDoubt: [], requests: 1, pause: { code: 'contract' } });
    expect(paused.pause?.message).toContain(`redirect to ${elsewhere.host} (HTTP 307)`);
    expect(paused.pause?.failure).toMatchObject({ code: 'service.redirect', params: { host: elsewhere.host, status: 307 } });
    expect(paused.pause && formatFailure('es', paused.pause.failure.code, paused.pause.failure.params)).toContain(`redirección a ${elsewhere.host}`);
    expect(elsewhere.received).toEqual([]);
    expect(loadedOnServer(emulator.current, w.campaignId).size).toBe(0);

    redirecting = false;
    expect(await run(w)).toMatchObject({ status: 'done', loaded: 150, pending: 0 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('303 after the service loaded the chunk: read back and counted as loaded, then paused before the next chunk; never sent twice', async () => {
    gateway.handle = async (req, res) => {
      // The service does the work, then answers "see other" (the classic answer to a write that was done).
      const loaded = await fetch(`${emulator.current.url}${req.url ?? ''}`, {
        method: 'PUT',
        headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
        body: await bodyOf(req),
      });
      await loaded.arrayBuffer();
      res.writeHead(303, { location: `${elsewhere.url}/resultado/` });
      res.end();
    };
    const w = await world(150);
    const paused = await run(w);
    expect(paused).toMatchObject({ status: 'paused', loaded: 100, pending: 50, inDoubt: [], requests: 1, pause: { code: 'contract' } });
    expect(elsewhere.received).toEqual([]);

    redirecting = false;
    expect(await run(w)).toMatchObject({ status: 'done', loaded: 150, pending: 0, requests: 1 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });
});
