// The status and search indexes hold a case's status as a small number (store/status-number.ts),
// not its name: about 15 bytes a case. The rows keep the name. A status no version numbers yet is
// held by its name. Both indexes are built again from the rows.
const STATUS = `(CASE status WHEN 'ready' THEN 0 WHEN 'warning' THEN 1 WHEN 'rejected' THEN 2 WHEN 'excluded' THEN 3 WHEN 'suppressed' THEN 4 ELSE status END)`;

export const up = `
DROP INDEX batch_cases_by_status;
CREATE INDEX batch_cases_by_status ON batch_cases (batch_id, ${STATUS});
DROP INDEX batch_cases_by_search;
CREATE INDEX batch_cases_by_search ON batch_cases (batch_id, id, (CASE WHEN search_text <> '' THEN search_text ELSE lower(code || ' ' || first_name || ' ' || last_name) || replace(replace(replace(replace(phones_json, '[]', ''), '["', ' '), '","', ' '), '"]', '') END), ${STATUS});
`;
