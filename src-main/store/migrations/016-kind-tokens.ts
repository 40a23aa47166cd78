// A case's issue kinds, in its issue_kinds column and its case_keys, are named by their stored
// number (issue-codec.ts kindToken) rather than their name: "k:0" for "k:phone-fixed", " 0 1 2 3 "
// for " phone-fixed phone-dropped amount-fixed date-fixed ". About 90 bytes a prepared case.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { kindOfToken, kindToken } from '../issue-codec';

export const up = `SELECT 1;`;

/** A token as issue-codec.ts names its kind now: a kind named before, or listed since, gets its number. */
const current = (token: string) => kindToken(kindOfToken(token));

/**
 * Both columns rewritten by JavaScript, where the numbering lives. A later version that lists one
 * more kind runs this again: the kind's name stored until then becomes its number.
 */
export function backfill(db: Database): void {
  const tokens = db.prepare(`SELECT DISTINCT substr(key, 3) FROM case_keys WHERE key LIKE 'k:%'`).pluck().all() as string[];
  const renameKey = db.prepare('UPDATE case_keys SET key = ? WHERE key = ?');
  for (const token of tokens) if (current(token) !== token) renameKey.run(`k:${current(token)}`, `k:${token}`);
  const rows = db.prepare(`SELECT id, issue_kinds FROM batch_cases WHERE issue_kinds != ''`).all() as { id: number; issue_kinds: string }[];
  const setKinds = db.prepare('UPDATE batch_cases SET issue_kinds = ? WHERE id = ?');
  for (const r of rows) {
    const kinds = ` ${r.issue_kinds
      .split(' ')
      .filter((k) => k !== '')
      .map(current)
      .join(' ')} `;
    if (kinds !== r.issue_kinds) setKinds.run(kinds, r.id);
  }
}
