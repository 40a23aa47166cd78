// A case's products as tuples of their values (product-codec.ts): about 35 bytes less a product.
// Every stored case is rewritten, so one form is compared when an edit asks whether what is sent changed.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { decodeProducts, encodeProducts } from '../product-codec';

export const up = `SELECT 1;`;

/** Cases rewritten 10,000 at a time, in id order: a million-case store is never all in memory. */
export function backfill(db: Database): void {
  const page = db.prepare('SELECT id, products_json FROM batch_cases WHERE id > ? ORDER BY id LIMIT 10000');
  const set = db.prepare('UPDATE batch_cases SET products_json = ? WHERE id = ?');
  for (let after = 0; ;) {
    const rows = page.all(after) as { id: number; products_json: string }[];
    if (rows.length === 0) return;
    for (const r of rows) {
      const products = encodeProducts(decodeProducts(r.products_json));
      if (products !== r.products_json) set.run(products, r.id);
    }
    after = rows[rows.length - 1]!.id;
  }
}
