// The search index of migration 8 sorted cases by their search text: an import inserted into it at
// random places, and the batch writer's small cache wrote those pages to the WAL again and again
// (≈0.3–1 s more writing for 100,000 cases). Keyed by id after the batch, every import appends to
// its end like the other indexes, and a search's page needs no sort: the index is already in id order.
export const up = `
DROP INDEX batch_cases_by_search;
CREATE INDEX batch_cases_by_search ON batch_cases (batch_id, id, search_text, status);
`;
