// `npm run bench`: every benchmark of the project, figures printed, in one run (ratios are only
// meaningful within one run on this shared machine). `npm run bench -- emulator` runs one.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCli } from './cli';
import { benchEmulatorUpload } from './emulator-upload';
import { benchPrepare } from './prepare-batch';
import { benchPrepareCsv } from './prepare-csv';
import { benchPrepareWideCsv } from './prepare-wide-csv';
import { benchRendererBatch } from './renderer-batch';
import { benchSharedList } from './shared-list';
import { benchUploadAndDownload } from './upload-sync';
import { benchUnpacedUpload } from './upload-unpaced';

// Benchmarks make their own stores: their own data key, never the user's keychain or config folder.
process.env.CASEDESK_DB_KEY ??= randomBytes(32).toString('hex');
process.env.CASEDESK_CONFIG_DIR ??= mkdtempSync(join(tmpdir(), 'casedesk-bench-config-'));

// `--rows 1000000` (or a list, `--rows 100000,500000,1000000`): the CSV sizes of `prepare`, alone.
const args = process.argv.slice(2);
const rowsAt = args.indexOf('--rows');
const csvRows = rowsAt >= 0 ? (args[rowsAt + 1] ?? '').split(',').map(Number) : null;
if (csvRows?.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--rows takes row counts, e.g. --rows 100000,1000000');
// `--cases 1000000` (or a list): the batch sizes of `upload`'s run without the spacing.
const casesAt = args.indexOf('--cases');
const uploadCases = casesAt >= 0 ? (args[casesAt + 1] ?? '').split(',').map(Number) : [20_000, 100_000];
if (uploadCases.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--cases takes case counts, e.g. --cases 100000,1000000');

const benches: Record<string, () => Promise<void>> = {
  emulator: () => benchEmulatorUpload(),
  prepare: async () => {
    // `--wide`: the 1 GB export alone (1,000,000 rows of 18 columns, or --rows N).
    if (args.includes('--wide')) return benchPrepareWideCsv(csvRows?.[0] ?? 1_000_000);
    if (!csvRows) await benchPrepare();
    await benchPrepareCsv(csvRows ?? [100_000]);
  },
  cli: () => benchCli(),
  upload: async () => {
    if (casesAt < 0) await benchUploadAndDownload();
    await benchUnpacedUpload(uploadCases);
  },
  renderer: () => benchRendererBatch(),
  'shared-list': () => benchSharedList(),
};

const optionAt = new Set([rowsAt, casesAt].filter((i) => i >= 0).flatMap((i) => [i, i + 1]));
const wanted = args.filter((arg, i) => !optionAt.has(i) && arg !== '--wide');
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  await run();
}
