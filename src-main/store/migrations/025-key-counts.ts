// How many cases of a batch have each key (case_keys, migration 8), kept beside the keys: opening a
// 1,000,000-case batch listed its kinds of issue by counting 3.6 million keys (0.9 s). Every write of
// a key goes through case-keys.ts, which keeps the count in the same transaction; a batch's counts go
// with it. Filled here from the keys stores already hold.
export const up = `
CREATE TABLE batch_key_counts (
  batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  cases INTEGER NOT NULL,
  PRIMARY KEY (batch_id, key)
) WITHOUT ROWID;
INSERT INTO batch_key_counts (batch_id, key, cases) SELECT batch_id, key, count(*) FROM case_keys GROUP BY batch_id, key;
`;
