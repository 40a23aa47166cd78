// A corrected report counts the shared phones of a big part again only once every part is written. Till
// then the batch says so here, in the part's own transaction: a process killed before the count leaves
// the flag, and the batch's next opening counts the whole batch again instead of showing stale warnings.
export const up = `
ALTER TABLE batches ADD COLUMN shared_recount_pending INTEGER NOT NULL DEFAULT 0;
`;
