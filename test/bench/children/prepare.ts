// Bench child: `prepare` of a workbook into a fresh store, as the app does it.
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { openStore } from '../../../src-main/store';
import { TEST_STORE_KEY } from '../../support/store-key';

const [file = '', dataDir = ''] = process.argv.slice(2);
const store = openStore(dataDir, TEST_STORE_KEY);
const started = performance.now();
let timings = { readMs: 0, buildMs: 0, writeMs: 0, writeAfterBuildMs: 0 };
const summary = await prepareBatch(store, file, { environment: 'demo', maxPhonePriority: 2, onTimings: (t) => (timings = t) });
const ended = performance.now();
process.stdout.write(JSON.stringify({ ms: ended - started, ...timings, maxRssMb: process.resourceUsage().maxRSS / 1024, summary }) + '\n');
store.close();
