// A case's status as the status and search indexes hold it (migration 31): the expression a query
// spells must be the one the indexes were built on, or SQLite reads every case instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CASE_STATUSES } from '../../src-main/domain/case-status';
import { openStore } from '../../src-main/store';
import { statusNumber, statusNumberSql } from '../../src-main/store/status-number';

it('gives every status a number of its own, at most one byte', () => {
  const numbers = CASE_STATUSES.map(statusNumber);
  expect(new Set(numbers).size).toBe(CASE_STATUSES.length);
  expect(numbers.every((n) => typeof n === 'number' && n >= 0 && n < 128)).toBe(true);
  expect(statusNumber('ready')).toBe(0);
  expect(statusNumber('warning')).toBe(1);
});

it('is spelled as the indexes hold it, and SQLite works out the same number from a row', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-status-number-'));
  const store = openStore(dir, null);
  try {
    const indexes = store.db.prepare("SELECT name, sql FROM sqlite_master WHERE name IN ('batch_cases_by_status', 'batch_cases_by_search')").all() as {
      name: string;
      sql: string;
    }[];
    expect(indexes).toHaveLength(2);
    for (const index of indexes) expect(index.sql, index.name).toContain(`${statusNumberSql()})`);
    for (const status of [...CASE_STATUSES, 'some-new-status'])
      expect(
        store.db
          .prepare(`SELECT ${statusNumberSql('s')} FROM (SELECT ? AS s)`)
          .pluck()
          .get(status),
      ).toBe(statusNumber(status as never));
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
