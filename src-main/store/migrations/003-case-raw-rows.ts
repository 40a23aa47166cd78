// The raw spreadsheet values each case came from, so edits and bulk fixes (another default area
// code, another decimal separator) re-apply the same rules instead of patching normalized values.
export const up = `
ALTER TABLE batch_cases ADD COLUMN raw_json TEXT NOT NULL DEFAULT '[]';
`;
