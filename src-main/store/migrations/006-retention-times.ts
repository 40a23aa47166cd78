// When downloaded data arrived, so retention can tell what is older than the agent's limit.
// Inbound cases get their own download time; a campaign's results are timed by one sync mark
// ('results-downloaded', set at each download). Data stored before this step is timed from now:
// it is kept a full retention period rather than purged at the first start.
export const up = `
ALTER TABLE inbound_cases ADD COLUMN downloaded_at TEXT;
UPDATE inbound_cases SET downloaded_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
INSERT OR IGNORE INTO sync_marks (environment, scope, key, value, updated_at)
  SELECT DISTINCT environment, 'results-downloaded', CAST(campaign_id AS TEXT), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM result_cases;
`;
