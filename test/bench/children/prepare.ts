// Bench child: `prepare` of a workbook into a fresh store, as the app does it: encrypted with the
// key given in hex, or plain when the key is "plain" (to measure what encryption costs).
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { prepareBatch, type PrepareTimings } from '../../../src-main/preparation/prepare-batch';
import { openStore, writersSettled } from '../../../src-main/store';

const [file = '', dataDir = '', keyHex = 'plain'] = process.argv.slice(2);
const store = openStore(dataDir, keyHex === 'plain' ? null : Buffer.from(keyHex, 'hex'));
const started = performance.now();
// As the app does: the surface reads the handed-over file, preparation gets its bytes.
const source = { name: basename(file), bytes: new Uint8Array(await readFile(file)) };
let timings: PrepareTimings | null = null;
let checkpointMs: number | null = null;
const summary = await prepareBatch(store, source, {
  environment: 'demo',
  maxPhonePriority: 2,
  onTimings: (t) => (timings = t),
  onCheckpoint: (ms) => (checkpointMs = ms),
});
const ended = performance.now();
// The writer thread's checkpoints (between chunks, and the last after the commit, which nobody waits for) are its work too: measured.
await writersSettled();
process.stdout.write(
  JSON.stringify({ ms: ended - started, ...(timings ?? {}), checkpointMs, maxRssMb: process.resourceUsage().maxRSS / 1024, summary }) + '\n',
);
store.close();
