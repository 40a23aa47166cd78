// After an agent's day (a creditor file prepared, uploaded to the Test service and to the built-in
// Demo, results and recordings downloaded), no file of the data folder holds a debtor's name, code or
// phone in the clear: the store and the Demo's state are encrypted, recordings sealed, picked files
// never copied. Read on the raw bytes, while the app runs (WAL included) and after it closed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../src-main/keys/file-seal';
import { createAppContext } from '../../src-main/surface/app-context';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { newCampaign, control } from '../client/helpers';
import { DEMO_USER, useEmulator } from '../support/emulator';
import { readTree } from '../support/file-tree';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-at-rest-'));
const emulator = useEmulator({ speed: 1 });
const ctx = createAppContext({ dataDir: dir });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await surface.call(name, input);
  if (!answer.ok) throw new Error(`${name}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

/** What must never be readable on disk: every debtor value long enough not to occur by chance. */
const needles = new Set<string>();
let testCampaign = 0;

function leaks(): string[] {
  const found: string[] = [];
  for (const [path, bytes] of readTree(dir)) for (const needle of needles) if (bytes.includes(Buffer.from(needle))) found.push(`${path}: ${needle}`);
  return found;
}

describe('personal data at rest', () => {
  it('is nowhere in the clear after preparing, uploading and downloading results with recordings', async () => {
    // Test service: prepare, upload, dial, download everything.
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    await call('session:signIn', { environment: 'test', ...DEMO_USER });
    const prepared = await call('batches:prepare', { environment: 'test', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    for (const c of await call('batches:cases', { batchId: prepared.batchId, limit: 1000 })) {
      for (const value of [c.code, c.firstName, c.lastName, ...c.phones]) if (value.length >= 5) needles.add(value);
    }
    expect(needles.size).toBeGreaterThan(20);
    const campaignId = (await call('campaigns:create', { environment: 'test', campaign: newCampaign('Banco del Sur') })).campaign.id;
    testCampaign = campaignId;
    expect(await call('sync:upload', { environment: 'test', batchId: prepared.batchId, campaignId })).toMatchObject({ status: 'done' });
    await call('campaigns:action', { environment: 'test', campaignId, action: 'start' });
    await control(emulator.current.url, 'advance', { seconds: 3600 });
    const downloaded = await call('results:download', { environment: 'test', campaignId, recordings: true });
    expect(downloaded.recordings).toBeGreaterThan(0);

    // The built-in Demo service keeps what it was sent in the data folder too.
    await call('session:signIn', { environment: 'demo', ...DEMO_USER });
    const demoBatch = await call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    const demoCampaign = (await call('campaigns:create', { environment: 'demo', campaign: newCampaign('Demo Banco del Sur') })).campaign.id;
    expect(await call('sync:upload', { environment: 'demo', batchId: demoBatch.batchId, campaignId: demoCampaign })).toMatchObject({ status: 'done' });

    const files = readTree(dir);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['casedesk.sqlite', 'casedesk.sqlite-wal', 'demo-service.sqlite']));
    const recordings = [...files].filter(([path]) => path.startsWith('recordings/'));
    expect(recordings.length).toBe(downloaded.recordings);
    for (const [path, bytes] of recordings) expect(isSealed(bytes), path).toBe(true);
    expect(leaks()).toEqual([]);
  });

  it('still plays a recording (unsealed for the screen), and nothing leaks once the app has closed', async () => {
    const [call0] = (await call('results:cases', { environment: 'test', campaignId: testCampaign, limit: 1 })).cases;
    expect(call0).toBeDefined();
    const calls = await call('results:calls', { environment: 'test', campaignId: testCampaign, caseId: call0?.id ?? 0 });
    const played = await call('recordings:get', { environment: 'test', kind: 'outbound', refId: calls[0]?.id ?? 0 });
    expect(
      Buffer.from(played?.base64 ?? '', 'base64')
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
    await ctx.close();
    expect(leaks()).toEqual([]);
  });
});
