// Statements prepared once per connection. better-sqlite3 compiles the SQL anew at every prepare()
// (70 µs for a case's wide UPDATE): a path that runs for each case of a batch (an edit, a bulk fix,
// imported corrections) spent more time there than in SQLite itself.
import type Database from 'better-sqlite3-multiple-ciphers';
import type { Db } from './sqlcipher';

type Statement = Database.Statement<unknown[]>;

const byConnection = new WeakMap<Db, Map<string, Statement>>();
/** A caller that built its SQL from data would fill the map: past this many, it starts again. */
const MAX_STATEMENTS = 500;

/**
 * The statement for `sql` on this connection, prepared the first time it is asked for. Shared, so it
 * offers get(), all() and run() alone: iterate() keeps a statement busy until its loop ends, and
 * pluck(), raw() or safeIntegers() would change what every other caller reads.
 */
export function statement(db: Db, sql: string): Pick<Statement, 'get' | 'all' | 'run'> {
  let statements = byConnection.get(db);
  if (!statements) byConnection.set(db, (statements = new Map()));
  let found = statements.get(sql);
  if (!found) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statements.set(sql, (found = db.prepare(sql)));
  }
  return found;
}
