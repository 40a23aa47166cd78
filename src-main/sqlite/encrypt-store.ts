// Turns a plain store (an older CaseDesk's) into an encrypted one, once, atomically: the copy is
// built beside it and renamed over it, so a kill at any moment leaves the old store or the new one.
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openDatabase, type Db } from './sqlcipher';
import { syncDir } from './sync-dir';

export const encryptingFile = (file: string) => `${file}.encrypting`;

/** Removes what an interrupted encryption left (the old store is still whole beside it). */
export function removeEncryptionLeftovers(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${encryptingFile(file)}${suffix}`, { force: true });
  // A super-journal, should a commit of the copy ever have spanned two files.
  const superJournal = `${basename(encryptingFile(file))}-mj`;
  const dir = dirname(file);
  for (const name of existsSync(dir) ? readdirSync(dir) : []) if (name.startsWith(superJournal)) rmSync(join(dir, name), { force: true });
}

export function encryptPlainStore(file: string, key: Buffer): void {
  removeEncryptionLeftovers(file);
  // 1. The plain store becomes one self-contained file: its WAL folded in and gone.
  const plain = openDatabase(file, null);
  try {
    plain.pragma('wal_checkpoint(TRUNCATE)');
    plain.pragma('journal_mode = DELETE');
  } finally {
    plain.close();
  }
  // 2. An encrypted copy, beside it.
  const temp = encryptingFile(file);
  const copy = openDatabase(temp, key);
  try {
    copy.prepare("ATTACH DATABASE ? AS plain KEY ''").run(file);
    // Tables are copied in the order they were created, and a rebuilt one (store migration 11's
    // batches) comes after the tables that reference it: a row copied as it was breaks no reference.
    copy.pragma('foreign_keys = OFF');
    // DEFERRED on purpose: only the private copy is written. IMMEDIATE would lock the attached plain
    // store for writing too, and a commit over two files leaves a super-journal (-mj…) if killed.
    copy.transaction(() => copyDatabase(copy)).deferred();
    copy.exec('DETACH DATABASE plain');
  } finally {
    copy.close();
  }
  fsyncFile(temp);
  // 3. The swap. A WAL or shared-memory file of the plain store must never meet the encrypted one.
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  renameSync(temp, file);
  syncDir(dirname(file));
}

/** What sqlcipher_export does (this build has none): schema, rows with their rowids, sequences, version. */
function copyDatabase(db: Db): void {
  const objects = db.prepare("SELECT type, name, sql FROM plain.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all() as {
    type: string;
    name: string;
    sql: string;
  }[];
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const table of objects.filter((o) => o.type === 'table')) {
    db.exec(table.sql);
    const columns = (db.prepare(`SELECT name FROM pragma_table_xinfo(?, 'plain') WHERE hidden = 0`).all(table.name) as { name: string }[]).map((c) =>
      quote(c.name),
    );
    const withRowid = hasRowid(db, table.name);
    const list = [...(withRowid ? ['rowid'] : []), ...columns].join(', ');
    db.exec(`INSERT INTO main.${quote(table.name)} (${list}) SELECT ${list} FROM plain.${quote(table.name)}`);
  }
  const hasSequence = db.prepare("SELECT 1 FROM plain.sqlite_master WHERE name = 'sqlite_sequence'").get();
  if (hasSequence) {
    db.exec('DELETE FROM main.sqlite_sequence');
    db.exec('INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM plain.sqlite_sequence');
  }
  for (const other of objects.filter((o) => o.type !== 'table')) db.exec(other.sql);
  db.pragma(`main.user_version = ${Number(db.pragma('plain.user_version', { simple: true }))}`);
}

function hasRowid(db: Db, table: string): boolean {
  try {
    db.prepare(`SELECT rowid FROM plain."${table.replace(/"/g, '""')}" LIMIT 0`).all();
    return true;
  } catch {
    return false;
  }
}

function fsyncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
