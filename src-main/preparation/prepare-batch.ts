// From a creditor's file to a stored draft batch: read, find the header, map, build cases,
// flag duplicates (codes in other unsent batches or already in the campaign), and store the batch.
import type { Store } from '../store';
import type { PrepareSummary, SourceFile } from './preparation-types';
import type { PrepareOptions } from './prepare-run';
import { finishPrepare, inspectSheet, readSource, startBuild, writeCases } from './prepare-steps';

export type { PrepareSummary } from './preparation-types';
export { PrepareError, type PrepareOptions, type PrepareProgress, type PrepareStages, type PrepareTimings } from './prepare-run';

/**
 * A file to prepared batch, step by step: read the file, inspect its sheet (header, mapping, target),
 * start the build, write each case as it is built, and finish (shared phones, timings, the summary).
 * Each step takes what the one before it gave and adds its own part: each can be called alone.
 */
export async function prepareBatch(store: Store, file: SourceFile, opts: PrepareOptions): Promise<PrepareSummary> {
  const read = await readSource(file);
  const inspected = inspectSheet(store, read, opts);
  const building = startBuild(store, inspected, opts);
  const written = await writeCases(store, building, opts);
  return finishPrepare(store, written, opts);
}
