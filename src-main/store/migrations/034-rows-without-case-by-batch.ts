// The rows of a file that became no case (case_issues, since step 4) are read a page at a time in the
// order found, by batch. No index gave that order within a batch: by case_id (always null here) the
// first page walked every earlier batch's rows (637 ms after a batch of 1,000,000), and by batch it was
// sorted whole at each page. This one holds them by batch in id order (about 10 bytes a row).
export const up = `
CREATE INDEX case_issues_rows_by_batch ON case_issues (batch_id) WHERE case_id IS NULL;
`;
