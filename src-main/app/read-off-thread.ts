// Spreadsheets that are only parsed (a do-not-contact list): in the app and the browser host their
// parsing runs in the preparation worker, so a file that takes a minute to read does not hold the thread
// that answers the screens. A CLI command parses on its own thread.
import { readLedgerFile, type LedgerFileContents, type ReadLedgerOptions } from '../preparation/ledger/read-ledger-file';
import type { SourceFile } from '../preparation/preparation-types';
import { readLedgerInWorker } from '../preparation/worker/preparation-job';
import type { AppParts } from './app-parts';

/** A do-not-contact list, read. In a worker its bytes are handed over: the caller must not use them after. */
export function readLedger(ctx: Pick<AppParts, 'options'>, file: SourceFile, options: ReadLedgerOptions): Promise<LedgerFileContents> {
  return ctx.options.preparationInWorker ? readLedgerInWorker(file, options) : readLedgerFile(file, options);
}
