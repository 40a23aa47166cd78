// How the batch grid finds cases without reading them (migration 8):
// - case_keys: one row per key a case is found by, its token for each kind of issue it has (its
//   number, issue-codec.ts kindToken: ten bytes less a key than its name; "k:" before it until
//   migration 30), so a kind filter reads one range of an index. A set the writer can name is a key
//   more, holding a ':' as no kind token does (unless marked with a '?'): "d:" for a case whose code
//   is already elsewhere (any of the duplicate kinds, domain/duplicates.ts).
// - search text: the case's code, name and phones, lower case and without accents, in a narrow
//   index of its own (an expression, migration 22): a search reads that index, never the cases'
//   rows. The search_text column holds it only where SQLite cannot work it out from the row.
import { isDuplicateKind } from '../domain/duplicates';
import type { Db } from '../sqlite/sqlcipher';
import { statement } from '../sqlite/statement-cache';
import { issueKindsOf, kindOfToken, kindToken, kindsOf } from './issue-codec';
import { keptCounts } from './kept-counts';

/** One key for every kind of duplicate: the grid's duplicates filter is one index range, whatever the kind. */
export const DUPLICATE_KEY = 'd:';

/** The case_keys key of a kind of issue: its token. */
export const kindKey = (kind: string): string => kindToken(kind);

/** The kind a case_keys kind key names. */
export const kindOfKey = (key: string): string => kindOfToken(key);

/** A key that names no kind: a set's, which holds a ':' as no kind token does unless kindToken marked it with a '?'. */
export const KEY_OF_A_SET_SQL = (column: string) => `(instr(${column}, ':') > 0 AND substr(${column}, 1, 1) <> '?')`;

/** Lower case, without accents: "Peña" and "pena" are the same search. */
export function searchTerm(text: string): string {
  // ASCII has no accents to take off (most codes, names and every stored phone): a tenth of the time.
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// No character above U+007F (written so as to hold no control character, which the linter bans).
const ASCII = /^[^\u0080-\uffff]*$/;
const DIGITS = /^\d*$/;
const isAsciiText = (text: unknown) => typeof text === 'string' && ASCII.test(text);

/** The words of a text, as searched: letters and digits only. */
export function searchWords(text: string): string[] {
  return searchTerm(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

export interface KeyedCase {
  /** The kinds of its issues as tokens, " 0 3 kind-c " (see migration 16; issue-codec.ts issueKindsOf). */
  issueKinds: string;
}

/** Every key of one case, each once. */
export function caseKeys(c: KeyedCase): string[] {
  const keys = new Set<string>();
  for (const kind of kindsOf(c.issueKinds)) {
    keys.add(kindKey(kind));
    if (isDuplicateKind(kind)) keys.add(DUPLICATE_KEY);
  }
  return [...keys];
}

/** What a search looks in: code, name and phones (digits only), as searchTerm folds them. */
export function searchText(c: { code: string; firstName: string; lastName: string; phones: readonly string[] }): string {
  let text = `${searchTerm(c.code)} ${searchTerm(c.firstName)} ${searchTerm(c.lastName)}`;
  // Stored phones are digits already; one from elsewhere keeps only its digits.
  for (const p of c.phones) text += ` ${DIGITS.test(p) ? p : p.replace(/\D/g, '')}`;
  return text;
}

/**
 * The search text as SQLite works it out from a row whose search_text is '' (migration 22): code and
 * name through lower(), which folds ASCII only, and the phones from their JSON array. The index is on
 * this very expression; a query must spell it the same way to read the index instead of the rows.
 */
export function searchTextSql(alias = ''): string {
  const col = (name: string) => `${alias ? `${alias}.` : ''}${name}`;
  return (
    `(CASE WHEN ${col('search_text')} <> '' THEN ${col('search_text')} ELSE lower(${col('code')} || ' ' || ${col('first_name')} || ' ' || ${col('last_name')}) || ` +
    `replace(replace(replace(replace(${col('phones_json')}, '[]', ''), '["', ' '), '","', ' '), '"]', '') END)`
  );
}

/** What searchTextSql gives for a row with this code, name and phones JSON (and an empty search_text). */
export function derivedSearchText(code: string, firstName: string, lastName: string, phonesJson: string): string {
  const phones = phonesJson.replaceAll('[]', '').replaceAll('["', ' ').replaceAll('","', ' ').replaceAll('"]', '');
  return `${code} ${firstName} ${lastName}`.replace(/[A-Z]+/g, (upper) => upper.toLowerCase()) + phones;
}

/** The search_text column of a case: '' when SQLite works out the same text from the row, else the text. */
export function storedSearchText(c: { code: string; firstName: string; lastName: string; phones: readonly string[] }, phonesJson: string): string {
  // Most cases: an ASCII code and name (lower() folds all of it) and phones of digits (their JSON is
  // just quotes around them): SQLite's text is the same, known without building either.
  if (isAsciiText(c.code) && isAsciiText(c.firstName) && isAsciiText(c.lastName) && c.phones.every((p) => typeof p === 'string' && DIGITS.test(p))) return '';
  const text = searchText(c);
  return text === derivedSearchText(c.code, c.firstName, c.lastName, phonesJson) ? '' : text;
}

/** Key rows per statement when a batch's keys go in (a JSON array of case ids each). */
const KEY_IDS_PER_STATEMENT = 20_000;

/**
 * Collects the keys of the cases a batch writer inserts and writes those gathered at once (`flush`,
 * inside the writer's transaction): one statement per key and 20,000 cases instead of one per key and
 * case, and each key's rows go in in id order, at the end of its range.
 */
export function caseKeysWriter(db: Db, batchId: number): { add(caseId: number, c: KeyedCase): void; flush(): void; pending(): number } {
  const insert = db.prepare('INSERT OR IGNORE INTO case_keys (batch_id, key, case_id) SELECT ?, ?, value FROM json_each(?)');
  let byKey = new Map<string, number[]>();
  let pending = 0;
  // A batch's cases share a few sets of kinds: each set is read into keys once.
  const keysOfKinds = new Map<string, string[]>();
  return {
    add(caseId, c) {
      if (c.issueKinds === '') return;
      let keys = keysOfKinds.get(c.issueKinds);
      if (!keys) {
        keys = caseKeys(c);
        if (keysOfKinds.size < 1_000) keysOfKinds.set(c.issueKinds, keys);
      }
      for (const key of keys) {
        const ids = byKey.get(key);
        if (ids) ids.push(caseId);
        else byKey.set(key, [caseId]);
      }
      pending += keys.length;
    },
    pending: () => pending,
    flush() {
      for (const [key, ids] of byKey) {
        let added = 0;
        for (let from = 0; from < ids.length; from += KEY_IDS_PER_STATEMENT)
          added += insert.run(batchId, key, JSON.stringify(ids.slice(from, from + KEY_IDS_PER_STATEMENT))).changes;
        // What went in, not what was asked: a key already there is ignored, and counted once.
        if (added > 0) keptCounts(db).keys.add(batchId, key, added);
      }
      byKey = new Map();
      pending = 0;
    },
  };
}

interface KeyedRow {
  batch_id: number;
  issues_json: string;
}

/** A stored case's kinds, from its issues (the issue_kinds column is '' for a case written since migration 29). */
const keyedCase = (r: KeyedRow): KeyedCase => ({ issueKinds: issueKindsOf(r.issues_json) });

/**
 * Runs `change` (an edit, a bulk fix) on one case and writes its keys again. The old keys are
 * deleted one by one through the primary key: deleting by case id alone would read the whole table.
 */
export function withCaseKeys<T>(db: Db, caseId: number, change: () => T): T {
  const counts = keptCounts(db).keys;
  const read = statement(db, 'SELECT batch_id, issues_json FROM batch_cases WHERE id = ?');
  const before = read.get(caseId) as KeyedRow | undefined;
  const result = change();
  const after = read.get(caseId) as KeyedRow | undefined;
  const oldKeys = before ? caseKeys(keyedCase(before)) : [];
  const newKeys = after ? caseKeys(keyedCase(after)) : [];
  if (before)
    for (const key of oldKeys)
      if ((!newKeys.includes(key) || after?.batch_id !== before.batch_id) && statement(db, DROP_KEY_SQL).run(before.batch_id, key, caseId).changes > 0)
        counts.add(before.batch_id, key, -1);
  if (after) for (const key of newKeys) if (statement(db, INSERT_KEY_SQL).run(after.batch_id, key, caseId).changes > 0) counts.add(after.batch_id, key, 1);
  return result;
}

const DROP_KEY_SQL = 'DELETE FROM case_keys WHERE batch_id = ? AND key = ? AND case_id = ?';
const INSERT_KEY_SQL = 'INSERT OR IGNORE INTO case_keys (batch_id, key, case_id) VALUES (?, ?, ?)';

/**
 * Every case's keys and search text from its row: the migrations that bring them (8, 16) fill them
 * with this. Their counts are not kept here: migration 25, which comes after, counts the keys. It
 * reads the issue_kinds column, which every case kept until migration 29: for those steps only.
 */
export function rebuildAllCaseKeys(db: Db): void {
  db.exec('DELETE FROM case_keys');
  // Read first: the connection cannot write while a statement still iterates.
  const rows = db.prepare('SELECT id, batch_id, code, first_name, last_name, phones_json, issue_kinds FROM batch_cases ORDER BY id').all() as {
    batch_id: number;
    issue_kinds: string;
    id: number;
    code: string;
    first_name: string;
    last_name: string;
    phones_json: string;
  }[];
  const insert = db.prepare(INSERT_KEY_SQL);
  const setText = db.prepare('UPDATE batch_cases SET search_text = ? WHERE id = ?');
  for (const r of rows) {
    for (const key of caseKeys({ issueKinds: r.issue_kinds })) insert.run(r.batch_id, key, r.id);
    // The whole text: until migration 22 the search index is on the column itself, and a store left
    // between the two steps must still be searched by the CaseDesk that made it.
    setText.run(searchText({ code: r.code, firstName: r.first_name, lastName: r.last_name, phones: JSON.parse(r.phones_json) as string[] }), r.id);
  }
}
