// Migrations are frozen history: released stores were made by them, so each step must keep making
// exactly the schema it made when it shipped. The fixture records, step by step, what every
// migration added, changed or removed in sqlite_master, to the byte (the stored SQL keeps its
// comments and spacing). A new migration appends its step to the fixture; a change to an earlier
// step's output is a bug in that step, not a fixture to update.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrate, MIGRATIONS, openStore, type Db } from '../../src-main/store';

const FIXTURE = join(import.meta.dirname, 'fixtures/schema-history.txt');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type SchemaRow = { type: string; name: string; sql: string | null };

const schemaOf = (db: Db) =>
  new Map((db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all() as SchemaRow[]).map((row) => [row.name, row]));

const entry = (mark: string, row: SchemaRow) => `${mark} ${row.type} ${row.name}\n${row.sql ?? '(no sql)'}\n`;

/** Each step's changes to sqlite_master, in the order a store from nothing goes through them. */
function schemaHistory(db: Db): string {
  let before = schemaOf(db);
  let text = `== before migration 1\n${[...before.values()].map((row) => entry('+', row)).join('')}`;
  for (const [i, migration] of MIGRATIONS.entries()) {
    migrate(db, MIGRATIONS.slice(0, i + 1));
    const after = schemaOf(db);
    text += `\n== migration ${migration.version} (${migration.name})\n`;
    for (const [name, row] of after) {
      const old = before.get(name);
      if (!old) text += entry('+', row);
      else if (old.type !== row.type || old.sql !== row.sql) text += entry('~', row);
    }
    for (const [name, row] of before) if (!after.has(name)) text += `- ${row.type} ${name}\n`;
    before = after;
  }
  return text;
}

it('makes, migration by migration, exactly the schema each step made when it was released', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-schema-'));
  dirs.push(dir);
  // A plain store: encryption does not change the schema, and no step is applied yet.
  const store = openStore(dir, null, []);
  try {
    expect(schemaHistory(store.db)).toBe(readFileSync(FIXTURE, 'utf8'));
  } finally {
    store.close();
  }
});
