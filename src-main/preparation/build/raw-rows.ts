// The raw rows a case keeps (what the file had, so edits and bulk fixes re-run the same rules), and
// how they are stored: arrays, not objects, and a cell equal to what the case stores beside it named
// by where it is there instead of repeated (the debtor's names, a product's operation and product).
/**
 * One spreadsheet row as the case needs it, before normalizing: kept with the case, so edits and
 * bulk fixes (another default area code, another decimal separator) re-run the same rules.
 * JSON-safe: a date cell is kept as YYYY-MM-DD text.
 */
export interface RawRow {
  row: number;
  firstName: string;
  lastName: string;
  phones: (string | number | null)[];
  debtCode: string;
  pid: string;
  subId: string;
  debt: string | number | null;
  expiration: string | number | null;
  params: Record<string, unknown>;
  productInfo: Record<string, unknown>;
}

type PackedRow = [
  number,
  string | 0,
  string | 0,
  (string | number | null)[],
  string | number,
  string | number,
  string,
  string | number | null,
  string | number | null,
  Record<string, unknown>,
  Record<string, unknown>,
];

/** What the case stores beside its raw rows, that a raw cell may name instead of repeating. */
export interface StoredValues {
  firstName: string;
  lastName: string;
  products: readonly { debt_code: string; pid: string }[];
}

export function hasKeys(record: Record<string, unknown>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A name column is UTF-8 text, which turns a lone surrogate (an .xlsx cell may hold one) into U+FFFD;
 * the rows' JSON keeps it. Such a name is kept in the row, as the file had it.
 */
const wellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** Each value's first product, made for a case only when one of its rows' products is not at the row's place. */
type FirstProducts = Partial<Record<'debt_code' | 'pid', Map<string, number>>>;

/**
 * The first product whose `key` is `value`: its index, or the value itself. Most rows' product is
 * at their own index (`likely`); the others are looked up in a map made once for the case, not by
 * a scan each: a case of 100,000 rows with one product left out took minutes.
 */
function productRef(products: StoredValues['products'], key: 'debt_code' | 'pid', value: string, likely: number, firsts: FirstProducts): string | number {
  if (products[likely]?.[key] === value) return likely;
  let first = firsts[key];
  if (!first) {
    first = firsts[key] = new Map();
    for (let i = products.length - 1; i >= 0; i--) first.set((products[i] as { debt_code: string; pid: string })[key], i);
  }
  return first.get(value) ?? value;
}

/**
 * Raw rows as stored: arrays (the key names were half the bytes), without the empty params and
 * product info that end most of them. With the case's stored values, a name equal to the stored one
 * is 0 and an operation or product equal to a product's is that product's index (raw cells of
 * these four are always text, so a number there is always such a reference): a third of a row.
 */
export function packRaw(raw: readonly RawRow[], stored?: StoredValues): PackedRow[] {
  const firsts: FirstProducts = {};
  return raw.map((r, n) => {
    const packed: PackedRow = [r.row, r.firstName, r.lastName, r.phones, r.debtCode, r.pid, r.subId, r.debt, r.expiration, r.params, r.productInfo];
    if (stored) {
      if (r.firstName === stored.firstName && wellFormed(r.firstName)) packed[1] = 0;
      if (r.lastName === stored.lastName && wellFormed(r.lastName)) packed[2] = 0;
      packed[4] = productRef(stored.products, 'debt_code', r.debtCode, n, firsts);
      packed[5] = productRef(stored.products, 'pid', r.pid, typeof packed[4] === 'number' ? packed[4] : n, firsts);
    }
    if (hasKeys(r.productInfo)) return packed;
    return (hasKeys(r.params) ? packed.slice(0, 10) : packed.slice(0, 9)) as unknown as PackedRow;
  });
}

function resolved(cell: unknown, stored: StoredValues | undefined, of: (s: StoredValues) => string | undefined): string {
  if (typeof cell !== 'number') return cell as string;
  const value = stored ? of(stored) : undefined;
  if (value === undefined) throw new Error(`A stored raw row names a value of its case (${cell}) that was not given.`);
  return value;
}

/**
 * Stored raw rows back as objects; rows stored as objects (before packing) are read as they are.
 * `stored`: the case's values as stored beside the rows, which the rows may name (see packRaw).
 */
export function unpackRaw(stored: readonly unknown[], values?: StoredValues): RawRow[] {
  return stored.map((s) => {
    if (!Array.isArray(s)) return { ...(s as RawRow) };
    const [row, firstName, lastName, phones, debtCode, pid, subId = '', debt = null, expiration = null, params = {}, productInfo = {}] =
      s as Partial<PackedRow>;
    return {
      row: row as number,
      firstName: resolved(firstName, values, (v) => v.firstName),
      lastName: resolved(lastName, values, (v) => v.lastName),
      phones: [...(phones as RawRow['phones'])],
      debtCode: resolved(debtCode, values, (v) => v.products[debtCode as number]?.debt_code),
      pid: resolved(pid, values, (v) => v.products[pid as number]?.pid),
      subId,
      debt,
      expiration,
      params: { ...params },
      productInfo: { ...productInfo },
    };
  });
}
