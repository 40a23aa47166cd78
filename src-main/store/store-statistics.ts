// What the store can say about itself without a name, a phone or an amount: for diagnostics that an
// IT person reads (see diagnostics/diagnostics-report.ts). Counts, states, sizes and the schema history.
import type { Db } from './store';

function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** SQLite's own version and its cipher's; null where this build has no such function. */
export function sqliteVersions(db: Db): { sqlite: string | null; sqliteCiphers: string | null } {
  const one = (sql: string): string | null => safe(() => String(db.prepare(sql).pluck().get()));
  return { sqlite: one('SELECT sqlite_version()'), sqliteCiphers: one('SELECT sqlite3mc_version()') };
}

/** Rows by table and state, pages, and the schema history. */
export function storeCounts(db: Db, encrypted: boolean): Record<string, unknown> {
  const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;
  /** Counts by a column that holds a state or an environment (checked: nothing else is reported). */
  const grouped = (table: string, column: string): Record<string, number> => {
    const rows = db.prepare(`SELECT ${column} AS k, count(*) AS n FROM ${table} GROUP BY ${column}`).all() as { k: unknown; n: number }[];
    return Object.fromEntries(rows.map((r) => [typeof r.k === 'string' && /^[a-z_]{1,20}$/.test(r.k) ? r.k : 'other', r.n]));
  };
  const pragma = (name: string) => safe(() => db.pragma(name, { simple: true }) as unknown);
  return {
    encrypted,
    cipher: encrypted ? pragma('cipher') : null,
    journalMode: pragma('journal_mode'),
    pageSize: pragma('page_size'),
    pages: pragma('page_count'),
    freePages: pragma('freelist_count'),
    migrations: db.prepare('SELECT version, name, applied_at AS appliedAt FROM schema_migrations ORDER BY version').all(),
    rows: {
      batches: { total: count('SELECT count(*) AS n FROM batches'), byEnvironment: grouped('batches', 'environment'), byState: grouped('batches', 'state') },
      cases: {
        total: count('SELECT count(*) AS n FROM batch_cases'),
        byStatus: grouped('batch_cases', 'status'),
        byUpload: grouped('batch_cases', 'upload_state'),
      },
      issues: grouped('case_issues', 'severity'),
      uploadChunks: grouped('upload_chunks', 'state'),
      campaigns: grouped('campaigns', 'environment'),
      bots: grouped('bots', 'environment'),
      resultCases: grouped('result_cases', 'environment'),
      resultCalls: grouped('result_calls', 'environment'),
      inboundCases: grouped('inbound_cases', 'environment'),
      recordings: { byKind: grouped('recordings', 'kind'), bytes: count('SELECT coalesce(sum(size), 0) AS n FROM recordings') },
      mappingTemplates: count('SELECT count(*) AS n FROM mapping_templates'),
    },
  };
}
