// Spreadsheets that are only parsed (a do-not-contact list, a corrected error report): in the app and
// the browser host their parsing runs in the preparation worker, so a file that takes a minute to read
// does not hold the thread that answers the screens. A CLI command parses on its own thread.
import type { CorrectionsRead } from '../preparation/import-corrections';
import { readCorrections } from '../preparation/import-corrections';
import { readLedgerFile, type LedgerFileContents, type ReadLedgerOptions } from '../preparation/ledger/read-ledger-file';
import type { SourceFile } from '../preparation/preparation-types';
import { readCorrectionsInWorker, readLedgerInWorker } from '../preparation/worker/preparation-job';
import type { AppParts } from './app-parts';

/** A do-not-contact list, read. In a worker its bytes are handed over: the caller must not use them after. */
export function readLedger(ctx: Pick<AppParts, 'options'>, file: SourceFile, options: ReadLedgerOptions): Promise<LedgerFileContents> {
  return ctx.options.preparationInWorker ? readLedgerInWorker(file, options) : readLedgerFile(file, options);
}

/** A corrected error report, read. In a worker its bytes are handed over: the caller must not use them after. */
export function readCorrectionsSheet(ctx: Pick<AppParts, 'options'>, file: SourceFile): Promise<CorrectionsRead> {
  return ctx.options.preparationInWorker ? readCorrectionsInWorker(file) : readCorrections(file);
}
