// A case's products as its row keeps them: tuples for products as preparation builds them, objects
// for anything else, and always the same product back, its keys in the same order.
import { expect, it } from 'vitest';
import type { Product } from '../../src-main/contract';
import { decodeProducts, encodeProducts } from '../../src-main/store/product-codec';

const visa: Product = { debt_code: 'OP-1', pid: 'Visa', debt: '1000.50', expiration: '2027-01-01' };
const withSubId: Product = { debt_code: 'OP-2', pid: 'Préstamo', sub_id: 'A-7', debt: '12.00', expiration: '2027-02-28' };

it('keeps a product as preparation builds it as the tuple of its values', () => {
  expect(encodeProducts([visa, withSubId])).toBe('[["OP-1","Visa","1000.50","2027-01-01"],["OP-2","Préstamo","A-7","12.00","2027-02-28"]]');
  const back = decodeProducts(encodeProducts([visa, withSubId]));
  expect(back).toEqual([visa, withSubId]);
  expect(back.map((p) => Object.keys(p))).toEqual([Object.keys(visa), Object.keys(withSubId)]);
});

it.each<[string, Product]>([
  ['another key', { ...visa, tramo: '3' }],
  ['another order', { pid: 'Visa', debt_code: 'OP-1', debt: '1000.50', expiration: '2027-01-01' }],
  ['four keys, not the four', { debt_code: 'OP-1', pid: 'Visa', sub_id: 'A', debt: '1.00' } as unknown as Product],
  ['a value that is no text', { ...visa, debt: 1000.5 } as unknown as Product],
])('keeps a product with %s as an object, read back key for key', (_what, product) => {
  const back = decodeProducts(encodeProducts([product]));
  expect(back).toEqual([product]);
  expect(Object.keys(back[0]!)).toEqual(Object.keys(product));
});

it('reads the objects stored before (migration 17) as they are', () => {
  expect(decodeProducts(JSON.stringify([visa]))).toEqual([visa]);
});

it('refuses a stored tuple of another length rather than guess its keys', () => {
  expect(() => decodeProducts('[["OP-1","Visa","1.00"]]')).toThrow();
});
