// Where each incremental download stopped (e.g. the newest last_updated seen for a campaign's cases),
// so a sync fetches only what changed since.
export const up = `
CREATE TABLE sync_marks (
  environment TEXT NOT NULL,
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (environment, scope, key)
);
`;
