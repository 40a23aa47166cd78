// How many cases of a batch each status and upload state holds, and their errors, warnings and fixes,
// kept beside the cases (kept-counts.ts): the batch list and a batch's header counted every case
// (0.6-0.8 s each at 1,000,000 cases). Cases go in through the writer, which adds them (as pending);
// this trigger follows every change of a case's counted columns, whatever statement makes it. Filled
// here from the cases stores already hold.
// The trigger costs two upserts a changed case: a bulk change of 200,000 cases' upload state took
// about 2.2 s, against 1.35 s without it (review, session 24), which a screen that never counts pays
// back. A later migration that rebuilds batch_cases must create the trigger again (the schema
// history's fixture shows it gone).
const ADD = `ON CONFLICT (batch_id, status, upload_state) DO UPDATE
    SET cases = cases + excluded.cases, errors = errors + excluded.errors, warnings = warnings + excluded.warnings, fixes = fixes + excluded.fixes`;

export const up = `
CREATE TABLE batch_case_counts (
  batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  upload_state TEXT NOT NULL,
  cases INTEGER NOT NULL,
  errors INTEGER NOT NULL,
  warnings INTEGER NOT NULL,
  fixes INTEGER NOT NULL,
  PRIMARY KEY (batch_id, status, upload_state)
) WITHOUT ROWID;
INSERT INTO batch_case_counts (batch_id, status, upload_state, cases, errors, warnings, fixes)
  SELECT batch_id, status, upload_state, count(*), sum(error_count), sum(warning_count), sum(fix_count) FROM batch_cases GROUP BY batch_id, status, upload_state;
CREATE TRIGGER batch_case_counts_follow AFTER UPDATE OF batch_id, status, upload_state, error_count, warning_count, fix_count ON batch_cases
WHEN OLD.batch_id IS NOT NEW.batch_id OR OLD.status IS NOT NEW.status OR OLD.upload_state IS NOT NEW.upload_state
  OR OLD.error_count IS NOT NEW.error_count OR OLD.warning_count IS NOT NEW.warning_count OR OLD.fix_count IS NOT NEW.fix_count
BEGIN
  INSERT INTO batch_case_counts (batch_id, status, upload_state, cases, errors, warnings, fixes)
    VALUES (OLD.batch_id, OLD.status, OLD.upload_state, -1, -OLD.error_count, -OLD.warning_count, -OLD.fix_count) ${ADD};
  INSERT INTO batch_case_counts (batch_id, status, upload_state, cases, errors, warnings, fixes)
    VALUES (NEW.batch_id, NEW.status, NEW.upload_state, 1, NEW.error_count, NEW.warning_count, NEW.fix_count) ${ADD};
END;
`;
