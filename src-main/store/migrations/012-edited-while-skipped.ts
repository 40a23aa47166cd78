// A skipped case (the campaign already held its code) can still be edited, and its changes reach the
// campaign only if the agent loads it again. Retention counts a skipped case as finished, so a batch
// whose skipped cases were corrected after the upload could be purged with the corrections:
// edited_while_skipped marks a case whose sent values changed while it was skipped (cleared when it is
// skipped again or goes back to the queue), and keeps its batch. The partial index holds only those
// cases, so the check costs nothing for a batch of thousands of skipped cases.
// Skipped cases stored before this step with an edit or a phone the ledger gave back: when that
// happened is unknown, so they are taken as changed since (kept rather than lost).
export const up = `
ALTER TABLE batch_cases ADD COLUMN edited_while_skipped INTEGER NOT NULL DEFAULT 0;
UPDATE batch_cases SET edited_while_skipped = 1
  WHERE upload_state = 'skipped' AND (issue_kinds LIKE '% edited %' OR issue_kinds LIKE '% ledger-released %');
CREATE INDEX batch_cases_edited_while_skipped ON batch_cases (batch_id) WHERE edited_while_skipped = 1;
`;
