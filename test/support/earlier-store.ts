// Cases written into a store left at an earlier version, for the tests of the migrations that bring it
// up to date: the rows and keys of today's writer, without the batch's total (migration 23), which an
// earlier store has no column for; then each row's issues as a list of tuples and its kinds in the
// issue_kinds column, as every version wrote them until migrations 28 and 29, and its kinds' keys with
// "k:" before them, as until migration 30 (in the kept counts too, from migration 25 on).
import { caseColumns, caseColumnsWriter, issueKindsOf, storedTuples, type BatchCaseInput, type Db } from '../../src-main/store';

export function insertCasesAsEarlier(db: Db, batchId: number, cases: Iterable<BatchCaseInput>): void {
  db.transaction(() => {
    const before = db.prepare('SELECT coalesce(max(id), 0) FROM batch_cases').pluck().get() as number;
    const writer = caseColumnsWriter(db, batchId);
    for (const c of cases) writer.insert(caseColumns(c));
    writer.finish();
    const rows = db.prepare('SELECT id, issues_json FROM batch_cases WHERE id > ?').all(before) as { id: number; issues_json: string }[];
    const asEarlier = db.prepare('UPDATE batch_cases SET issues_json = ?, issue_kinds = ? WHERE id = ?');
    for (const r of rows) asEarlier.run(JSON.stringify(storedTuples(r.issues_json)), issueKindsOf(r.issues_json), r.id);
    // Every key but the duplicates' one set key was a kind's.
    const prefixed = "UPDATE TABLE_NAME SET key = 'k:' || key WHERE batch_id = ? AND key <> 'd:'";
    db.prepare(prefixed.replace('TABLE_NAME', 'case_keys')).run(batchId);
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'batch_key_counts'").get())
      db.prepare(prefixed.replace('TABLE_NAME', 'batch_key_counts')).run(batchId);
  }).immediate();
}
