// The surface's names for a case's products and its issues' fields: camelCase, from the wire's snake_case.
import { describe, expect, it } from 'vitest';
import { fieldPathView, productView } from '../../src-main/surface/case-view';

describe('case view', () => {
  it('names a product camelCase, keeping a missing sub-product missing', () => {
    expect(productView({ debt_code: 'OP-1', pid: 'Tarjeta', sub_id: 'Oro', debt: '1500.00', expiration: '2026-01-31' })).toEqual({
      debtCode: 'OP-1',
      pid: 'Tarjeta',
      subId: 'Oro',
      debt: '1500.00',
      expiration: '2026-01-31',
    });
    expect(productView({ debt_code: 'OP-2', pid: 'Préstamo', debt: '10.00', expiration: '2026-02-01' })).not.toHaveProperty('subId');
  });

  it('names an issue’s field path camelCase, leaving names it does not know', () => {
    expect(fieldPathView('products[3].debt_code')).toBe('products[3].debtCode');
    expect(fieldPathView('products[0].sub_id')).toBe('products[0].subId');
    expect(fieldPathView('first_name')).toBe('firstName');
    expect(fieldPathView('last_name')).toBe('lastName');
    expect(fieldPathView('phones')).toBe('phones');
    expect(fieldPathView('params.branch_name')).toBe('params.branch_name');
    // A creditor's own param keys are its names, even when they look like ours.
    expect(fieldPathView('params.first_name')).toBe('params.first_name');
  });
});
