// The surface speaks camelCase; a case's products and its issues' field paths are kept as the wire
// names them (snake_case, what the service is sent). These pure functions turn one into the other.
import type { Product } from '../contract';

/** A product as screens and the CLI see it. */
export interface ProductView {
  debtCode: string;
  pid: string;
  subId?: string | undefined;
  debt: string;
  expiration: string;
}

export function productView(p: Product): ProductView {
  return { debtCode: p.debt_code, pid: p.pid, ...(p.sub_id !== undefined ? { subId: p.sub_id } : {}), debt: p.debt, expiration: p.expiration };
}

const FIELD_NAMES: Record<string, string> = { first_name: 'firstName', last_name: 'lastName' };
const PRODUCT_FIELD_NAMES: Record<string, string> = { debt_code: 'debtCode', sub_id: 'subId' };

/**
 * "products[0].debt_code" → "products[0].debtCode", "first_name" → "firstName". Other paths stay as they
 * are: a creditor's own param keys (params.first_name) are the creditor's names, not ours.
 */
export function fieldPathView(field: string): string {
  const product = /^(products\[\d+\]\.)(\w+)$/.exec(field);
  if (product) return `${product[1]}${PRODUCT_FIELD_NAMES[product[2] ?? ''] ?? product[2]}`;
  return FIELD_NAMES[field] ?? field;
}
