// Column lists that more than one migration spells out: the migration that first created a table, and
// migration 11, which rebuilt it with the same columns (only its id changed). Frozen: released stores
// were made from these very words (sqlite_master keeps them, comments and spacing too), so they must
// never change; a later schema change is a new migration. test/store/schema-history.test.ts checks it.

/** The columns of batches after its id, as migration 1 created them. */
export const BATCHES_COLUMNS_AFTER_ID = `  environment TEXT NOT NULL,
  name TEXT NOT NULL,
  source_file TEXT NOT NULL,
  source_sheet TEXT,
  header_row INTEGER,
  mapping_json TEXT NOT NULL DEFAULT '{}',
  -- An existing campaign, or the draft of one to create at the next sync.
  campaign_id INTEGER,
  campaign_draft_json TEXT,
  max_phone_priority INTEGER NOT NULL,
  dialing_type TEXT NOT NULL DEFAULT 'VERTICAL',
  state TEXT NOT NULL DEFAULT 'draft',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL`;

/** The columns of ledger_entries after its id, as migration 7 created them. */
export const LEDGER_ENTRIES_COLUMNS_AFTER_ID = `  kind TEXT NOT NULL CHECK (kind IN ('phone', 'code')),
  value TEXT NOT NULL,
  reason TEXT NOT NULL,
  until TEXT,
  creditor TEXT,
  creditor_key TEXT NOT NULL DEFAULT '',
  added_by TEXT NOT NULL,
  added_at TEXT NOT NULL`;
