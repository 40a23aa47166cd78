// A case's raw rows as its row keeps them: arrays without the empty params and product info that end
// most rows, and naming what the case stores beside them; read back as the rows they were.
import { describe, expect, it } from 'vitest';
import { packRaw, unpackRaw, type RawRow, type StoredValues } from '../../../src-main/preparation/build/build-cases';

const plain: RawRow = {
  row: 2,
  firstName: 'Ana',
  lastName: 'PEÑA',
  phones: ['+54 9 351 600-0000', null, 3514000001],
  debtCode: 'OP-1',
  pid: 'Visa',
  subId: '',
  debt: '1.000,50',
  expiration: '01/01/2027',
  params: {},
  productInfo: {},
};

it('leaves off the empty params and product info at a row’s end', () => {
  expect(JSON.stringify(packRaw([plain]))).toBe('[[2,"Ana","PEÑA",["+54 9 351 600-0000",null,3514000001],"OP-1","Visa","","1.000,50","01/01/2027"]]');
  expect(packRaw([{ ...plain, params: { zona: 'norte' } }])[0]).toHaveLength(10);
  expect(packRaw([{ ...plain, productInfo: { tramo: '3' } }])[0]).toHaveLength(11);
});

it.each<[string, RawRow]>([
  ['nothing after its expiration', plain],
  ['params', { ...plain, params: { zona: 'norte' } }],
  ['product info only', { ...plain, productInfo: { tramo: '3' } }],
  ['both, and no debt or expiration', { ...plain, debt: null, expiration: null, params: { a: 1 }, productInfo: { b: 2 } }],
  ['no debt or expiration and nothing after', { ...plain, subId: 'S-1', debt: null, expiration: null }],
])('reads a row with %s back as it was, through JSON as stored', (_what, row) => {
  expect(unpackRaw(JSON.parse(JSON.stringify(packRaw([row, plain]))) as unknown[])).toEqual([row, plain]);
});

it('reads rows stored whole, and as objects, as earlier versions wrote them', () => {
  const whole = [[2, 'Ana', 'PEÑA', plain.phones, 'OP-1', 'Visa', '', '1.000,50', '01/01/2027', {}, {}]];
  expect(unpackRaw(whole)).toEqual([plain]);
  expect(unpackRaw([{ ...plain }])).toEqual([plain]);
});

describe('with the values the case stores beside its rows', () => {
  const stored: StoredValues = {
    firstName: 'Ana',
    lastName: 'Peña',
    products: [
      { debt_code: 'OP-0', pid: 'Prestamo' },
      { debt_code: 'OP-1', pid: 'Visa' },
    ],
  };
  const second: RawRow = { ...plain, row: 3, debtCode: 'OP-0', pid: 'Prestamo' };

  it('names a cell equal to a stored one instead of repeating it: a name by 0, an operation or product by its product’s place', () => {
    // "PEÑA" is not the stored "Peña": kept as the file had it.
    expect(JSON.stringify(packRaw([plain, second], stored))).toBe(
      '[[2,0,"PEÑA",["+54 9 351 600-0000",null,3514000001],1,1,"","1.000,50","01/01/2027"],[3,0,"PEÑA",["+54 9 351 600-0000",null,3514000001],0,0,"","1.000,50","01/01/2027"]]',
    );
  });

  it('reads them back as the file had them, through JSON as stored', () => {
    const other: RawRow = { ...plain, row: 4, debtCode: 'OP-9', pid: 'Otro' };
    const rows = [plain, second, other];
    expect(unpackRaw(JSON.parse(JSON.stringify(packRaw(rows, stored))) as unknown[], stored)).toEqual(rows);
  });

  it('names the first of products that share a value, as a scan from the start would', () => {
    const products = [
      { debt_code: 'OP-5', pid: 'Prestamo' },
      { debt_code: 'OP-6', pid: 'Visa' },
      { debt_code: 'OP-7', pid: 'Visa' },
    ];
    // OP-1 is no product's (kept as text), and the row's own place holds a "Prestamo": "Visa" is named by the first of two.
    expect(packRaw([plain], { ...stored, products })[0]?.slice(4, 6)).toEqual(['OP-1', 1]);
  });

  it('looks a product up in one pass over them, not a scan a row: a case of 2,000 rows, its first product left out', () => {
    const rows = Array.from({ length: 2000 }, (_, i): RawRow => ({ ...plain, row: i + 2, debtCode: `OP-${i}`, pid: 'Visa' }));
    // The first row's product was refused (a bad amount): every other one sits one place earlier than its row.
    const products = rows.slice(1).map((r) => ({ debt_code: r.debtCode, pid: r.pid }));
    let reads = 0;
    const counted = new Proxy(products, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const packed = packRaw(rows, { firstName: 'Ana', lastName: 'PEÑA', products: counted });
    expect(packed.map((p) => p[4])).toEqual(['OP-0', ...products.map((_, i) => i)]);
    // A scan a row read about 2,000,000 products (1,999 × 1,000 on average); one pass and a guess a row, a few thousand.
    expect(reads).toBeLessThan(10 * rows.length);
  });

  it('refuses to read a row that names a value without the case’s values, rather than make one up', () => {
    const packed = JSON.parse(JSON.stringify(packRaw([plain], stored))) as unknown[];
    expect(() => unpackRaw(packed)).toThrow(Error);
    expect(() => unpackRaw(packed, { ...stored, products: [] })).toThrow(Error);
  });
});

it('keeps a name with a lone surrogate in the row: the name column would read it back as U+FFFD', () => {
  const odd: RawRow = { ...plain, firstName: 'Pe\uD83D' };
  const stored: StoredValues = { firstName: 'Pe\uD83D', lastName: 'PEÑA', products: [] };
  const packed = packRaw([odd], stored);
  expect(packed[0]?.[1]).toBe('Pe\uD83D');
  // What the store's text column gives back for that name.
  const readBack = { ...stored, firstName: 'Pe\uFFFD' };
  expect(unpackRaw(JSON.parse(JSON.stringify(packed)) as unknown[], readBack)[0]?.firstName).toBe('Pe\uD83D');
});
