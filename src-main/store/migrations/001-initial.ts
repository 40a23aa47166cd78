// The first schema of the local store. Every table that holds service data is keyed by environment,
// so data of Test and Production never mix.
import { BATCHES_COLUMNS_AFTER_ID } from './frozen-columns';

export const up = `
CREATE TABLE environments (
  name TEXT PRIMARY KEY CHECK (name IN ('demo', 'test', 'production')),
  base_url TEXT,
  updated_at TEXT NOT NULL
);

-- The signed-in account of an environment. The refresh token is sealed (encrypted) by the app's
-- secret store; sealed_with names how, so a token sealed one way is never opened another.
CREATE TABLE accounts (
  environment TEXT PRIMARY KEY REFERENCES environments (name),
  email TEXT NOT NULL,
  signed_in_at TEXT NOT NULL,
  refresh_sealed BLOB,
  sealed_with TEXT
);

CREATE TABLE bots (
  environment TEXT NOT NULL,
  id INTEGER NOT NULL,
  json TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  PRIMARY KEY (environment, id)
);

CREATE TABLE campaigns (
  environment TEXT NOT NULL,
  id INTEGER NOT NULL,
  bot_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  detail_json TEXT,
  list_json TEXT,
  fetched_at TEXT NOT NULL,
  PRIMARY KEY (environment, id)
);
CREATE INDEX campaigns_by_bot ON campaigns (environment, bot_id, id);

CREATE TABLE batches (
  id INTEGER PRIMARY KEY,
${BATCHES_COLUMNS_AFTER_ID}
);

CREATE TABLE batch_cases (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phones_json TEXT NOT NULL,
  products_json TEXT NOT NULL,
  params_json TEXT NOT NULL,
  source_rows_json TEXT NOT NULL,
  -- ready | warning | rejected | excluded: what preparation decided
  status TEXT NOT NULL,
  -- pending | loaded | rejected | in_doubt: what the service said
  upload_state TEXT NOT NULL DEFAULT 'pending',
  upload_detail TEXT,
  chunk_id INTEGER,
  UNIQUE (batch_id, code)
);
CREATE INDEX batch_cases_by_status ON batch_cases (batch_id, status, id);
CREATE INDEX batch_cases_by_upload ON batch_cases (batch_id, upload_state, id);

CREATE TABLE case_issues (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  case_id INTEGER REFERENCES batch_cases (id) ON DELETE CASCADE,
  severity TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'fix')),
  field TEXT NOT NULL,
  rows_json TEXT NOT NULL,
  kind TEXT NOT NULL,
  message_es TEXT NOT NULL,
  message_en TEXT NOT NULL,
  before_value TEXT,
  after_value TEXT
);
CREATE INDEX case_issues_by_case ON case_issues (case_id);
CREATE INDEX case_issues_by_batch ON case_issues (batch_id, severity, kind);

CREATE TABLE upload_chunks (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  campaign_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  -- pending | sending | done | partial | failed | unknown
  state TEXT NOT NULL DEFAULT 'pending',
  case_count INTEGER NOT NULL,
  body_bytes INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  sent_at TEXT,
  answered_at TEXT,
  UNIQUE (batch_id, seq)
);

CREATE TABLE result_cases (
  environment TEXT NOT NULL,
  campaign_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  code TEXT,
  is_final INTEGER NOT NULL,
  last_updated TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (environment, campaign_id, id)
);

CREATE TABLE result_calls (
  environment TEXT NOT NULL,
  campaign_id INTEGER NOT NULL,
  case_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  last_updated TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (environment, id)
);
CREATE INDEX result_calls_by_case ON result_calls (environment, campaign_id, case_id);

CREATE TABLE inbound_cases (
  environment TEXT NOT NULL,
  id INTEGER NOT NULL,
  bot_id INTEGER NOT NULL,
  last_updated TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (environment, id)
);
CREATE INDEX inbound_cases_by_bot ON inbound_cases (environment, bot_id, last_updated);

CREATE TABLE recordings (
  environment TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('outbound', 'inbound')),
  ref_id INTEGER NOT NULL,
  path TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  format TEXT NOT NULL,
  downloaded_at TEXT NOT NULL,
  PRIMARY KEY (environment, kind, ref_id)
);

CREATE TABLE mapping_templates (
  id INTEGER PRIMARY KEY,
  creditor TEXT NOT NULL,
  header_signature TEXT NOT NULL UNIQUE,
  mapping_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL
);
`;
