// The store on disk is encrypted as a whole: after a real file is prepared into it, neither the
// database file nor its write-ahead log holds a debtor's name, code or phone; and it opens only with
// its own key.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { openStore, pageBatchCases, storeFileState, StoreKeyError, type Store } from '../../src-main/store';
import { TEST_STORE_KEY } from '../support/store-key';
import { sourceFile } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const root = mkdtempSync(join(tmpdir(), 'casedesk-sqlcipher-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The debtors' personal data as the store holds it: what must never be readable on disk. */
function personalData(store: Store, batchId: number): string[] {
  const cases = pageBatchCases(store.db, batchId, { limit: 1_000 });
  const values = cases.flatMap((c) => [c.code, c.firstName, c.lastName, ...c.phones]);
  // Short values (a two-letter name) could turn up in random bytes by chance.
  return [...new Set(values.filter((v) => v.length >= 5))];
}

/** Prepares the sample into a fresh data folder and returns the raw bytes while the store is open. */
async function preparedFolder(name: string, key: Buffer | null) {
  const dir = join(root, name);
  const store = openStore(dir, key);
  const summary = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, writer: 'inline' });
  const needles = personalData(store, summary.batchId);
  // Read while open: the batch is still in the write-ahead log, not yet folded into the file.
  const wal = readFileSync(`${store.file}-wal`);
  const mainWhileOpen = readFileSync(store.file);
  const file = store.file;
  store.close();
  return { dir, file, needles, wal, mainWhileOpen, mainAfterClose: readFileSync(file) };
}

const found = (bytes: Buffer, needles: string[]) => needles.filter((n) => bytes.includes(Buffer.from(n, 'utf8')));

describe('an encrypted store', () => {
  it('keeps no debtor name, code or phone readable in its file or its WAL, where a plain store does', async () => {
    const plain = await preparedFolder('plain', null);
    expect(plain.needles.length).toBeGreaterThan(20);
    // The scan is not vacuous: the same work in a plain store leaves every value readable.
    expect(found(Buffer.concat([plain.mainWhileOpen, plain.wal]), plain.needles)).toEqual(plain.needles);
    expect(found(plain.wal, plain.needles).length).toBeGreaterThan(0);
    expect(found(plain.mainAfterClose, plain.needles)).toEqual(plain.needles);

    const encrypted = await preparedFolder('encrypted', TEST_STORE_KEY);
    expect(encrypted.needles).toEqual(plain.needles);
    expect(encrypted.wal.length).toBeGreaterThan(0);
    expect(found(encrypted.wal, encrypted.needles)).toEqual([]);
    expect(found(encrypted.mainWhileOpen, encrypted.needles)).toEqual([]);
    expect(found(encrypted.mainAfterClose, encrypted.needles)).toEqual([]);
    expect(storeFileState(encrypted.dir)).toBe('encrypted');
    // Not even SQLite's own header or the schema give away what the file is.
    expect(encrypted.mainAfterClose.includes(Buffer.from('SQLite format 3'))).toBe(false);
    expect(encrypted.mainAfterClose.includes(Buffer.from('batch_cases'))).toBe(false);
  });

  it('opens only with its own key: another key or none is store.wrong_key, and the file is left as it was', () => {
    const dir = join(root, 'keyed');
    const store = openStore(dir, TEST_STORE_KEY);
    store.db.prepare("INSERT INTO settings (key, value_json) VALUES ('language', '\"es\"')").run();
    const file = store.file;
    store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const before = readFileSync(file);

    for (const key of [randomBytes(32), null]) {
      let failure: unknown = null;
      try {
        openStore(dir, key).close();
      } catch (err) {
        failure = err;
      }
      expect(failure, key ? 'another key' : 'no key').toBeInstanceOf(StoreKeyError);
      // A failure of the catalog naming the store's file, worded at the edges (never a sentence of its own).
      expect((failure as StoreKeyError).toData()).toEqual({ code: 'store.wrong_key', params: { file } });
      expect(formatFailure('es', 'store.wrong_key', (failure as StoreKeyError).params)).toBe(
        `El almacén ${file} no se puede abrir con esta clave (¿se copió la carpeta desde otra máquina, otro usuario u otra carpeta?).`,
      );
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(statSync(file).size).toBe(before.length);
    }

    const again = openStore(dir, TEST_STORE_KEY);
    expect(again.db.prepare("SELECT value_json FROM settings WHERE key = 'language'").get()).toEqual({ value_json: '"es"' });
    again.close();
  });
});
