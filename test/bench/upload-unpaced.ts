// Benchmark: what an upload costs this side, per request, on a big batch. The spec's second between
// requests is left out (the pacer's waits return at once) and the emulator's own time is taken off,
// so what is left is ours: planning the chunks, reading each chunk's cases, building its body,
// recording its answer and the progress counts. Flat per request from 20,000 to 1,000,000 cases
// means an upload of a million cases costs what a small one does, a request at a time.
import { createBatch, insertBatchCases } from '../../src-main/store';
import { createPacer } from '../../src-main/sync/pacing';
import { uploadBatch } from '../../src-main/sync/upload-engine';
import { printTable } from './report';
import { uploadBenchWorld } from './upload-world';

const INSERT_PAGE = 50_000;

export async function benchUnpacedUpload(sizes: readonly number[]): Promise<void> {
  const rows: [string, string][] = [];
  for (const cases of sizes) {
    const {
      store,
      client,
      campaignId,
      serverMs: uploadMs,
      close,
    } = await uploadBenchWorld({
      dialing_type: 'VERTICAL',
      max_phone_priority: 0,
      max_calls_per_case: 1,
    });
    try {
      const batchId = createBatch(store.db, { environment: 'test', name: 'bench', sourceFile: 'bench.csv', maxPhonePriority: 0 });
      for (let from = 0; from < cases; from += INSERT_PAGE) {
        const page = Array.from({ length: Math.min(INSERT_PAGE, cases - from) }, (_, k) => from + k);
        insertBatchCases(
          store.db,
          batchId,
          page.map((i) => ({
            code: `B${i}`,
            firstName: 'Nombre',
            lastName: 'Apellido',
            phones: [`351${String(4_000_000 + (i % 5_000_000)).padStart(7, '0')}`],
            products: [{ debt_code: `D${i}`, pid: 'Tarjeta', debt: '1500.00', expiration: '2026-12-31' }],
            params: {},
            sourceRows: [i + 2],
            status: 'ready' as const,
          })),
        );
      }
      const serverBefore = uploadMs();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const started = performance.now();
      let planned = 0;
      const result = await uploadBatch({ store, client, environment: 'test', pacer: createPacer(1000, { sleep: async () => {} }) }, batchId, campaignId, {
        onProgress: () => (planned ||= performance.now() - started),
      });
      const wall = performance.now() - started;
      clearInterval(sampler);
      const serverMs = uploadMs() - serverBefore;
      const ours = wall - serverMs;
      rows.push([
        `${cases.toLocaleString('en')} cases, ${result.requests} requests`,
        `${result.status}; ours ${(ours / 1000).toFixed(1)} s = ${(ours / result.requests).toFixed(1)} ms a request (first progress after ${(planned / 1000).toFixed(2)} s); emulator ${(serverMs / 1000).toFixed(1)} s; memory +${((peak - rssBefore) / 2 ** 20).toFixed(0)} MB (emulator included)`,
      ]);
    } finally {
      await close();
    }
  }
  printTable('upload without the spacing: our own time per request (emulator time taken off)', rows);
}
