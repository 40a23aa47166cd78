// Bench child: what the batch screens ask of a prepared batch, timed through the command surface as
// the app calls it (the data folder's key from CASEDESK_DB_KEY): the list, opening the batch (its
// summary, first rows, count, kinds, the checks an opening runs), pages by position deep in it, a
// search, and the error report and clean file the agent downloads.
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';

const [dataDir = '', exports = 'exports'] = process.argv.slice(2);
const ctx = createAppContext({ dataDir });
const surface = createSurface(ctx);
const ms: Record<string, number> = {};
const sizes: Record<string, number> = {};
/** The process's peak memory so far (MB), after the screens and after each export. */
const peakMb: Record<string, number> = {};
const peakNow = () => process.resourceUsage().maxRSS / 1024;

async function timed(label: string, name: string, input: unknown): Promise<unknown> {
  const started = performance.now();
  const answer = (await surface.call(name as never, input as never)) as { ok: boolean; value?: unknown; error?: unknown };
  ms[label] = performance.now() - started;
  if (!answer.ok) throw new Error(`${name}: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

const [batch] = (await timed('list', 'batches:list', {})) as { id: number }[];
if (!batch) throw new Error('No batch in the data folder.');
const batchId = batch.id;
await timed('get', 'batches:get', { batchId });
await timed('firstPage', 'batches:cases', { batchId, offset: 0, limit: 200 });
const count = (await timed('count', 'batches:countCases', { batchId })) as number;
await timed('kinds', 'batches:caseKinds', { batchId });
await timed('checkLedger', 'batches:checkLedger', { batchId });
await timed('checkDuplicates', 'batches:checkDuplicates', { batchId });
await timed('middlePage', 'batches:cases', { batchId, offset: Math.floor(count / 2), limit: 200 });
await timed('lastPage', 'batches:cases', { batchId, offset: Math.max(0, count - 200), limit: 200 });
await timed('rejectedFirstPage', 'batches:cases', { batchId, status: 'rejected', offset: 0, limit: 200 });
await timed('search', 'batches:cases', { batchId, search: 'apellido12', offset: 0, limit: 200 });
peakMb.screens = peakNow();
for (const [label, name] of exports === 'exports'
  ? ([
      ['errorReport', 'batches:exportErrors'],
      ['cleanFile', 'batches:exportClean'],
    ] as const)
  : []) {
  const file = (await timed(label, name, { batchId })) as { bytes?: Uint8Array; base64?: string };
  sizes[label] = file.bytes?.length ?? (file.base64 ? Math.floor((file.base64.length * 3) / 4) : 0);
  peakMb[label] = peakNow();
}
await ctx.close();
process.stdout.write(JSON.stringify({ ms, sizes, peakMb, count, maxRssMb: peakNow() }) + '\n');
