// The status and upload-state indexes hold only what they are searched by. The counts a batch's
// summary read from the status index (migration 19) are kept beside the cases now (migration 26),
// and the id each index named is the row's own id, which SQLite keeps at the end of every entry
// anyway: a page of one status still comes in id order, without a sort. About 20 bytes a case.
export const up = `
DROP INDEX batch_cases_by_status;
CREATE INDEX batch_cases_by_status ON batch_cases (batch_id, status);
DROP INDEX batch_cases_by_upload;
CREATE INDEX batch_cases_by_upload ON batch_cases (batch_id, upload_state);
`;
