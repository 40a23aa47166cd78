// How a case's products are kept in its row (migration 17): a product as built by preparation
// ({debt_code, pid, [sub_id,] debt, expiration}, in that order) is a tuple of its values, the key
// names were a third of the column. Any other product (keys the service added, another order) stays
// an object, so what is decoded is always what was encoded, key order included.
import type { Product } from '../contract';

const PLAIN = ['debt_code', 'pid', 'debt', 'expiration'] as const;
const WITH_SUB_ID = ['debt_code', 'pid', 'sub_id', 'debt', 'expiration'] as const;

function layoutOf(p: Product): readonly string[] | null {
  let n = 0;
  for (const key in p) {
    if (typeof p[key] !== 'string') return null;
    n += 1;
  }
  const layout = n === PLAIN.length ? PLAIN : n === WITH_SUB_ID.length ? WITH_SUB_ID : null;
  if (layout === null) return null;
  let i = 0;
  for (const key in p) if (key !== layout[i++]) return null;
  return layout;
}

/** The products column's value, before it is text: each product a tuple, or the object it was. */
export function storedProducts(products: readonly Product[]): unknown[] {
  return products.map((p) => {
    const layout = layoutOf(p);
    return layout === null ? p : layout.map((key) => p[key]);
  });
}

/** The products column's text. */
export function encodeProducts(products: readonly Product[]): string {
  return JSON.stringify(storedProducts(products));
}

/** The products column back: tuples by their length, objects (and columns written before) as they are. */
export function decodeProducts(json: string): Product[] {
  return (JSON.parse(json) as unknown[]).map((x) => {
    if (!Array.isArray(x)) return x as Product;
    // Written out (the layouts above, in their order): a clean file decodes a million of them.
    if (x.length === PLAIN.length) return { debt_code: x[0], pid: x[1], debt: x[2], expiration: x[3] } as Product;
    if (x.length === WITH_SUB_ID.length) return { debt_code: x[0], pid: x[1], sub_id: x[2], debt: x[3], expiration: x[4] } as Product;
    throw new Error(`A stored product has ${x.length} values.`);
  });
}
