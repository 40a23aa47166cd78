// The do-not-contact ledger: this workstation's own entries (the organization's shared list is a file
// the policy names, never copied here). One entry per phone or code and creditor scope ('' for all):
// adding it again replaces its reason, expiry and author. Batches remember their creditor, so the
// ledger's creditor-scoped entries can be applied again right before each upload.
export const up = `
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('phone', 'code')),
  value TEXT NOT NULL,
  reason TEXT NOT NULL,
  until TEXT,
  creditor TEXT,
  creditor_key TEXT NOT NULL DEFAULT '',
  added_by TEXT NOT NULL,
  added_at TEXT NOT NULL
);
CREATE UNIQUE INDEX ledger_entries_by_value ON ledger_entries (kind, value, creditor_key);
ALTER TABLE batches ADD COLUMN creditor TEXT;
`;
