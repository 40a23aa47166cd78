// The refresh token was sealed into accounts but never read back: a refresh needs the previous
// access token too, which lives in memory only, so no session outlives the process. Store nothing
// that cannot be used: clear what earlier versions sealed, then drop the columns (SQLite ≥ 3.35).
// The values are cleared first so their removal does not hang on how SQLite rebuilds the table
// (secure_delete, set at open, overwrites the freed bytes either way).
export const up = `
UPDATE accounts SET refresh_sealed = NULL, sealed_with = NULL;
ALTER TABLE accounts DROP COLUMN refresh_sealed;
ALTER TABLE accounts DROP COLUMN sealed_with;
`;
