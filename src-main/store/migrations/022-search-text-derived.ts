// A case's search text is mostly its code, name and phones in lower case: SQLite can work that out
// from the row itself, so the row stores it only when it cannot (a name with accents or other letters
// past ASCII, case-keys.ts storedSearchText) and stores '' otherwise; the search index holds the
// text either way, as an expression. About 40 bytes a case. Rows stored before keep their text, which
// the expression prefers: nothing to convert. The expression's words are the ones case-keys.ts
// searches with (searchTextSql): SQLite uses the index only for the very same expression.
export const up = `
DROP INDEX batch_cases_by_search;
CREATE INDEX batch_cases_by_search ON batch_cases (batch_id, id, (CASE WHEN search_text <> '' THEN search_text ELSE lower(code || ' ' || first_name || ' ' || last_name) || replace(replace(replace(replace(phones_json, '[]', ''), '["', ' '), '","', ' '), '"]', '') END), status);
`;
