// Bench child: the store's floor. The cases a preparation stored are read back, then written again
// into a fresh store with the same key through the same writer thread, timed from its start to its
// last checkpoint: what writing a batch costs with nothing read, normalised or checked beside it.
import { rmSync } from 'node:fs';
import { issueKindsOf } from '../../../src-main/store/issue-codec';
import { openStore, startBatchWriterThread, type CaseColumns } from '../../../src-main/store';

const [sourceDir = '', targetDir = '', keyHex = ''] = process.argv.slice(2);
const key = Buffer.from(keyHex, 'hex');

const source = openStore(sourceDir, key);
const rows = source.db
  .prepare(
    `SELECT code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, raw_json, issues_json,
       error_count, warning_count, fix_count, search_text FROM batch_cases ORDER BY id`,
  )
  .raw()
  .all() as unknown[][];
source.close();
// A row's columns as the writer is handed them: the issue kinds (for the keys) before the search text.
const columns = rows.map((r) => [...r.slice(0, 13), issueKindsOf(r[9] as string), r[13]] as CaseColumns);
rows.length = 0;

rmSync(targetDir, { recursive: true, force: true });
const target = openStore(targetDir, key);
const started = performance.now();
const writer = await startBatchWriterThread(target, { environment: 'demo', name: 'floor', sourceFile: 'floor.csv', maxPhonePriority: 2 });
for (const c of columns) {
  const behind = writer.writeColumns(c);
  if (behind) await behind;
}
const { busyMs, checkpoint } = await writer.finish([], null);
const committedMs = performance.now() - started;
const checkpointMs = await checkpoint;
const ms = performance.now() - started;
target.close();
rmSync(targetDir, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ ms, committedMs, busyMs, checkpointMs, cases: columns.length }) + '\n');
