// A case's raw rows as its row keeps them: arrays without the empty params and product info that end
// most rows, read back as the rows they were.
import { expect, it } from 'vitest';
import { packRaw, unpackRaw, type RawRow } from '../../../src-main/preparation/build/build-cases';

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
