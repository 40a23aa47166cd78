// The upload-state index held every case, though most are pending before an upload and loaded after
// it, and what is looked up by that state is either the cases still to send or the few in an
// unsettled state. Two partial indexes instead: the cases to send (ready or with warnings, pending or
// in doubt), by batch, which is empty once a batch is uploaded; and the cases in doubt, skipped or
// rejected by the service. About 8 bytes a prepared case, 20 an uploaded one. The conditions are in
// the OR form SQLite can match to a query that names one state (store/upload-state-indexes.ts).
export const up = `
DROP INDEX batch_cases_by_upload;
CREATE INDEX batch_cases_to_send ON batch_cases (batch_id) WHERE (upload_state = 'pending' OR upload_state = 'in_doubt') AND status IN ('ready', 'warning');
CREATE INDEX batch_cases_unsettled ON batch_cases (batch_id, upload_state) WHERE upload_state = 'in_doubt' OR upload_state = 'skipped' OR upload_state = 'rejected';
`;
