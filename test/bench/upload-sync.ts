// Benchmark: uploading 20,000 cases to the emulator with the spec's 1 s spacing, against the pacing
// floor (requests − 1 seconds, plus the server's own time); then downloading that campaign's results.
import { advanceDialing } from '../../src-main/emulator/dialer';
import { createBatch, insertBatchCases } from '../../src-main/store';
import { createPacer } from '../../src-main/sync/pacing';
import { downloadCampaignResults } from '../../src-main/sync/results-download';
import { uploadBatch } from '../../src-main/sync/upload-engine';
import { printTable } from './report';
import { uploadBenchWorld } from './upload-world';

export async function benchUploadAndDownload(cases = 20_000): Promise<void> {
  const {
    emulator,
    store,
    client,
    campaignId,
    serverMs: uploadMs,
    close,
  } = await uploadBenchWorld({
    dialing_type: 'HORIZONTAL_VERTICAL',
    max_phone_priority: 1,
    max_calls_per_case: 2,
  });
  try {
    const batchId = createBatch(store.db, { environment: 'test', name: 'bench', sourceFile: 'bench.xlsx', maxPhonePriority: 1 });
    insertBatchCases(
      store.db,
      batchId,
      Array.from({ length: cases }, (_, i) => ({
        code: `B${i}`,
        firstName: 'Nombre',
        lastName: 'Apellido',
        phones: [`351${String(4_000_000 + i).padStart(7, '0')}`, `11${String(40_000_000 + i).padStart(8, '0')}`],
        products: [{ debt_code: `D${i}`, pid: 'Tarjeta', debt: '1500.00', expiration: '2026-12-31' }],
        params: {},
        sourceRows: [i + 2],
        status: 'ready' as const,
      })),
    );
    const started = performance.now();
    const result = await uploadBatch({ store, client, environment: 'test', pacer: createPacer(1000) }, batchId, campaignId);
    const wall = performance.now() - started;
    const serverMs = uploadMs();
    const floor = (result.requests - 1) * 1000 + serverMs;
    printTable(`upload: ${cases.toLocaleString('en')} cases with the spec's 1 s between requests`, [
      ['result', `${result.status}: ${result.loaded.toLocaleString('en')} loaded in ${result.requests} requests`],
      ['wall time', `${(wall / 1000).toFixed(2)} s`],
      ['pacing floor (requests − 1 s + server time)', `${(floor / 1000).toFixed(2)} s  (server ${(serverMs / 1000).toFixed(2)} s)`],
      ['over the floor', `${(((wall - floor) / floor) * 100).toFixed(1)} %  (target ≤ 5 %)`],
    ]);

    // Simulated dialing with 100 workers, then the whole campaign's results.
    advanceDialing(emulator.core, 3 * 3600, 10);
    const dlStarted = performance.now();
    const summary = await downloadCampaignResults({ store, client, environment: 'test' }, campaignId);
    const dlMs = performance.now() - dlStarted;
    printTable(`results download: campaign of ${cases.toLocaleString('en')} cases (emulator page size 100)`, [
      ['cases / calls stored', `${summary.cases.toLocaleString('en')} / ${summary.calls.toLocaleString('en')}`],
      ['time', `${(dlMs / 1000).toFixed(2)} s`],
      [
        'throughput',
        `${Math.round(summary.cases / (dlMs / 1000)).toLocaleString('en')} cases/s, ${Math.round(summary.calls / (dlMs / 1000)).toLocaleString('en')} calls/s`,
      ],
    ]);
  } finally {
    await close();
  }
}
