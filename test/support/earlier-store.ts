// Cases written into a store left at an earlier version, for the tests of the migrations that bring it
// up to date: the rows and keys of today's writer, without the batch's total (migration 23), which an
// earlier store has no column for.
import { caseColumns, caseColumnsWriter, type BatchCaseInput, type Db } from '../../src-main/store';

export function insertCasesAsEarlier(db: Db, batchId: number, cases: Iterable<BatchCaseInput>): void {
  db.transaction(() => {
    const writer = caseColumnsWriter(db, batchId);
    for (const c of cases) writer.insert(caseColumns(c));
    writer.finish();
  }).immediate();
}
