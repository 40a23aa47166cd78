// The do-not-contact ledger: this workstation's own entries (the organization's shared list is a file
// the policy names, never copied here). One entry per phone or code and creditor scope ('' for all):
// adding it again replaces its reason, expiry and author. Batches remember their creditor, so the
// ledger's creditor-scoped entries can be applied again right before each upload.
import { LEDGER_ENTRIES_COLUMNS_AFTER_ID } from './frozen-columns';

export const up = `
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY,
${LEDGER_ENTRIES_COLUMNS_AFTER_ID}
);
CREATE UNIQUE INDEX ledger_entries_by_value ON ledger_entries (kind, value, creditor_key);
ALTER TABLE batches ADD COLUMN creditor TEXT;
`;
