// When a batch's last upload run ended. Retention times a fully uploaded batch from its last upload,
// and a run that sent no request (every case skipped because the campaign held its code, or none
// ready) left no chunk answer to time it by: such a batch was never purged. The upload engine records
// here the end of each run that sent or settled something (see markUploadRunEnded); the newest chunk
// answer still counts (a run killed after its last answer).
// Batches stored before this step with a skipped case and no chunk answer were uploaded at a time
// unknown: they are timed from the upgrade (kept a full retention period rather than purged at once).
// A batch with neither was never uploaded, or cannot be told from a draft: it stays untimed, kept.
export const up = `
ALTER TABLE batches ADD COLUMN uploaded_at TEXT;
UPDATE batches SET uploaded_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM batch_cases c WHERE c.batch_id = batches.id AND c.upload_state = 'skipped')
    AND NOT EXISTS (SELECT 1 FROM upload_chunks u WHERE u.batch_id = batches.id AND u.answered_at IS NOT NULL);
`;
