// Batch and do-not-contact entry ids are never given again. Without AUTOINCREMENT SQLite gives a new
// row the table's largest id + 1, so deleting the newest batch (or ledger entry) handed its id to the
// next one: an audit entry, a swept import, a stale screen or a `suppress remove <id>` typed from an
// old list then named another. AUTOINCREMENT keeps the largest id ever given (sqlite_sequence).
// SQLite cannot add it to a table: both are rebuilt (its "other kinds of table schema changes"),
// every row with its id, with foreign keys off (see Migration.foreignKeysOff): dropping the old
// batches would otherwise delete every case, issue, chunk and key (ON DELETE CASCADE). Ids deleted
// before this step are unknown to it: the largest of them may be given once more.
// The columns are those migrations 1 and 7 created (frozen-columns.ts), in their order, creditor last.
import { BATCHES_COLUMNS_AFTER_ID, LEDGER_ENTRIES_COLUMNS_AFTER_ID } from './frozen-columns';

export const up = `
CREATE TABLE batches_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
${BATCHES_COLUMNS_AFTER_ID},
  creditor TEXT
);
INSERT INTO batches_rebuilt (id, environment, name, source_file, source_sheet, header_row, mapping_json, campaign_id, campaign_draft_json,
    max_phone_priority, dialing_type, state, created_at, updated_at, creditor)
  SELECT id, environment, name, source_file, source_sheet, header_row, mapping_json, campaign_id, campaign_draft_json,
    max_phone_priority, dialing_type, state, created_at, updated_at, creditor FROM batches;
DROP TABLE batches;
-- The tables that reference batches name it, not this table: they reference the rebuilt one now.
ALTER TABLE batches_rebuilt RENAME TO batches;

CREATE TABLE ledger_entries_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
${LEDGER_ENTRIES_COLUMNS_AFTER_ID}
);
INSERT INTO ledger_entries_rebuilt (id, kind, value, reason, until, creditor, creditor_key, added_by, added_at)
  SELECT id, kind, value, reason, until, creditor, creditor_key, added_by, added_at FROM ledger_entries;
DROP TABLE ledger_entries;
ALTER TABLE ledger_entries_rebuilt RENAME TO ledger_entries;
CREATE UNIQUE INDEX ledger_entries_by_value ON ledger_entries (kind, value, creditor_key);
`;
