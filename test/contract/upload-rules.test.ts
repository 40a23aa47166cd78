// The spec's upload rules as one check: what the service would reject, and why.
import { describe, expect, it } from 'vitest';
import { phoneViolation, uploadRuleViolations } from '../../src-main/contract';

const good = {
  first_name: 'Ana',
  last_name: 'Pérez',
  params: {},
  phone_settings: { phone_list: ['1145678901', '3514567890', '2214567890'] },
  products: [{ debt_code: 'OP-9', pid: 'Préstamo', sub_id: 'cuota 3', debt: '1234.56', expiration: '2027-01-31' }],
};

describe('phoneViolation', () => {
  it.each(['1145678901', '3514567890', '2214567890', '3865123456'])('accepts the complete number %s', (phone) => {
    expect(phoneViolation(phone)).toBeNull();
  });

  it.each([
    ['01145678901', /trunk prefix 0/],
    ['1545678901', /mobile prefix 15/],
    ['4567890', /10 digits/],
    ['5491145678901', /10 digits/],
    ['11 4567-8901', /digits only/],
    ['', /digits only/],
  ])('rejects %s', (phone, why) => {
    expect(phoneViolation(phone)).toMatch(why);
  });
});

describe('uploadRuleViolations', () => {
  it('finds nothing wrong with a complete case', () => {
    expect(uploadRuleViolations(good, 2)).toEqual([]);
  });

  it('allows at most max_phone_priority + 1 phones', () => {
    expect(uploadRuleViolations(good, 1)).toEqual([{ path: 'phone_settings.phone_list', message: expect.stringMatching(/at most 2/) }]);
  });

  it('names the phone that breaks rule 2 by its position', () => {
    const c = { ...good, phone_settings: { phone_list: ['1145678901', '0351456789'] } };
    expect(uploadRuleViolations(c, 2).map((v) => v.path)).toEqual(['phone_settings.phone_list[1]']);
  });

  it('requires params (at least {}), names, phones and products', () => {
    const paths = (c: unknown) => uploadRuleViolations(c, 2).map((v) => v.path);
    const { params: _params, ...noParams } = good;
    expect(paths(noParams)).toEqual(['params']);
    expect(paths({ ...good, first_name: undefined })).toEqual(['first_name']);
    expect(paths({ ...good, phone_settings: { phone_list: [] } })).toEqual(['phone_settings.phone_list']);
    expect(paths({ ...good, products: [] })).toEqual(['products']);
    expect(paths(null)).toEqual(['']);
  });

  it('wants debt with a decimal point and expiration as a real YYYY-MM-DD date', () => {
    const product = good.products[0];
    const paths = (p: object) => uploadRuleViolations({ ...good, products: [{ ...product, ...p }] }, 2).map((v) => v.path);
    expect(paths({ debt: '1500' })).toEqual(['products[0].debt']);
    expect(paths({ debt: '1.234,56' })).toEqual(['products[0].debt']);
    expect(paths({ debt: 1500.5 })).toEqual(['products[0].debt']);
    expect(paths({ expiration: '31/01/2027' })).toEqual(['products[0].expiration']);
    expect(paths({ expiration: '2027-02-30' })).toEqual(['products[0].expiration']);
    expect(paths({ sub_id: undefined })).toEqual([]);
  });
});
