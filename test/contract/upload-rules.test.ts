// The spec's upload rules as one check: what the service would reject, and why, as data (a rule code
// and its params), plus the sentence the emulator answers with.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { phoneViolation, ruleViolationText, shapeViolation, uploadRuleViolations, type RuleViolation } from '../../src-main/contract';

const good = {
  first_name: 'Ana',
  last_name: 'Pérez',
  params: {},
  phone_settings: { phone_list: ['1145678901', '3514567890', '2214567890'] },
  products: [{ debt_code: 'OP-9', pid: 'Préstamo', sub_id: 'cuota 3', debt: '1234.56', expiration: '2027-01-31' }],
};
const withPhones = (...phone_list: unknown[]) => ({ ...good, phone_settings: { phone_list } });
const withProduct = (p: object) => ({ ...good, products: [{ ...good.products[0], ...p }] });

describe('phoneViolation', () => {
  it.each(['1145678901', '3514567890', '2214567890', '3865123456'])('accepts the complete number %s', (phone) => {
    expect(phoneViolation(phone)).toBeNull();
  });

  it.each([
    ['01145678901', 'phone.trunk_prefix'],
    ['1545678901', 'phone.mobile_prefix'],
    ['4567890', 'phone.length'],
    ['5491145678901', 'phone.length'],
    ['11 4567-8901', 'phone.digits_only'],
    ['', 'phone.digits_only'],
  ])('rejects %s as %s', (phone, rule) => {
    expect(phoneViolation(phone)).toBe(rule);
  });
});

describe('uploadRuleViolations', () => {
  it('finds nothing wrong with a complete case', () => {
    expect(uploadRuleViolations(good, 2)).toEqual([]);
  });

  it.each<[string, unknown, number, RuleViolation[]]>([
    [
      'a phone with other characters',
      withPhones('11 4567-8901'),
      2,
      [{ path: 'phone_settings.phone_list[0]', rule: 'phone.digits_only', params: { phone: '11 4567-8901' } }],
    ],
    [
      'a phone with the trunk 0',
      withPhones('1145678901', '0351456789'),
      2,
      [{ path: 'phone_settings.phone_list[1]', rule: 'phone.trunk_prefix', params: { phone: '0351456789' } }],
    ],
    [
      'a phone with the mobile 15',
      withPhones('1545678901'),
      2,
      [{ path: 'phone_settings.phone_list[0]', rule: 'phone.mobile_prefix', params: { phone: '1545678901' } }],
    ],
    [
      'an incomplete phone',
      withPhones('4567890'),
      2,
      [{ path: 'phone_settings.phone_list[0]', rule: 'phone.length', params: { phone: '4567890', digits: 7, needed: 10 } }],
    ],
    ['no phones', withPhones(), 2, [{ path: 'phone_settings.phone_list', rule: 'phones.none', params: {} }]],
    ['more phones than max_phone_priority + 1', good, 1, [{ path: 'phone_settings.phone_list', rule: 'phones.too_many', params: { count: 3, max: 2 } }]],
    ['no products', { ...good, products: [] }, 2, [{ path: 'products', rule: 'products.none', params: {} }]],
    ['a debt with no decimal point', withProduct({ debt: '1500' }), 2, [{ path: 'products[0].debt', rule: 'product.debt_format', params: { debt: '1500' } }]],
    [
      'a debt with a decimal comma',
      withProduct({ debt: '1.234,56' }),
      2,
      [{ path: 'products[0].debt', rule: 'product.debt_format', params: { debt: '1.234,56' } }],
    ],
    [
      'an expiration not written YYYY-MM-DD',
      withProduct({ expiration: '31/01/2027' }),
      2,
      [{ path: 'products[0].expiration', rule: 'product.expiration_date', params: { expiration: '31/01/2027' } }],
    ],
    [
      'an expiration that is no day',
      withProduct({ expiration: '2027-02-30' }),
      2,
      [{ path: 'products[0].expiration', rule: 'product.expiration_date', params: { expiration: '2027-02-30' } }],
    ],
  ])('names the rule and its values: %s', (_what, entry, maxPriority, expected) => {
    expect(uploadRuleViolations(entry, maxPriority)).toEqual(expected);
  });

  it('names each broken phone by its position', () => {
    expect(uploadRuleViolations(withPhones('1145678901', '0351456789', '15'), 2).map((v) => [v.path, v.rule])).toEqual([
      ['phone_settings.phone_list[1]', 'phone.trunk_prefix'],
      ['phone_settings.phone_list[2]', 'phone.mobile_prefix'],
    ]);
  });

  it.each(['2028-02-29', '2000-02-29', '0001-01-01', '2027-12-31'])('takes %s as a real day', (expiration) => {
    expect(uploadRuleViolations(withProduct({ expiration }), 2)).toEqual([]);
  });

  it.each([
    '2027-02-29',
    '1900-02-29',
    '2027-00-10',
    '2027-04-31',
    '2027-01-00',
    '2x27-01-01',
    '-027-01-01',
    '２０２７-01-01',
    '2027-1-01',
    '2027-01-011',
    '2027/01/01',
    '',
  ])('takes %j as no day', (expiration) => {
    expect(uploadRuleViolations(withProduct({ expiration }), 2)).toEqual([
      { path: 'products[0].expiration', rule: 'product.expiration_date', params: { expiration } },
    ]);
  });

  it('accepts a product with no sub_id', () => {
    expect(uploadRuleViolations(withProduct({ sub_id: undefined }), 2)).toEqual([]);
  });

  it.each<[string, unknown, RuleViolation[]]>([
    ['no params', (({ params: _p, ...rest }) => rest)(good), [{ path: 'params', rule: 'shape.missing', params: {} }]],
    ['params not an object', { ...good, params: [] }, [{ path: 'params', rule: 'shape.type', params: { expected: 'object' } }]],
    ['no first name', { ...good, first_name: undefined }, [{ path: 'first_name', rule: 'shape.missing', params: {} }]],
    ['a number for a name', { ...good, last_name: 7 }, [{ path: 'last_name', rule: 'shape.type', params: { expected: 'string' } }]],
    ['a number for a phone', withPhones(1145678901), [{ path: 'phone_settings.phone_list[0]', rule: 'shape.type', params: { expected: 'string' } }]],
    ['a number for a debt', withProduct({ debt: 1500.5 }), [{ path: 'products[0].debt', rule: 'shape.type', params: { expected: 'string' } }]],
    ['no debt code', withProduct({ debt_code: undefined }), [{ path: 'products[0].debt_code', rule: 'shape.missing', params: {} }]],
    ['no case at all', null, [{ path: '', rule: 'shape.type', params: { expected: 'object' } }]],
  ])('reads a case without the shape as rule codes, never as zod sentences: %s', (_what, entry, expected) => {
    expect(uploadRuleViolations(entry, 2)).toEqual(expected);
  });

  it('names the spec rule where the shape check is that rule (an empty phone list, a debt, a date)', () => {
    // Rejected by the schema, which runs first; still the same rules as a case with the shape gets.
    expect(
      uploadRuleViolations({ ...withPhones(), first_name: 1 }, 2)
        .map((v) => v.rule)
        .sort(),
    ).toEqual(['phones.none', 'shape.type']);
    expect(
      uploadRuleViolations({ ...withProduct({ debt: '1500,00' }), first_name: 1 }, 2)
        .map((v) => v.rule)
        .sort(),
    ).toEqual(['product.debt_format', 'shape.type']);
    expect(
      uploadRuleViolations({ ...withProduct({ expiration: '2027-13-01' }), first_name: 1 }, 2)
        .map((v) => v.rule)
        .sort(),
    ).toEqual(['product.expiration_date', 'shape.type']);
  });
});

describe('shapeViolation', () => {
  const first = (schema: z.ZodType, input: unknown) => {
    const issue = schema.safeParse(input).error?.issues[0];
    if (!issue) throw new Error('expected the schema to fail');
    return shapeViolation(issue, input);
  };
  const Code = z.object({
    code: z
      .string()
      .min(2)
      .max(4)
      .regex(/^[A-Z]+$/),
    n: z.number().multipleOf(5).optional(),
  });

  it('maps each kind of zod issue to a shape code with its values, not its message', () => {
    expect(first(Code, { code: 'ABCDE' })).toEqual({ path: 'code', rule: 'shape.too_long', params: { max: 4 } });
    expect(first(Code, { code: 'A' })).toEqual({ path: 'code', rule: 'shape.too_short', params: { min: 2 } });
    expect(first(Code, { code: 'ab' })).toEqual({ path: 'code', rule: 'shape.format', params: { format: 'regex' } });
    expect(first(Code, { code: 'AB', n: 3 })).toEqual({ path: 'n', rule: 'shape.other', params: {} });
    expect(first(Code, {})).toEqual({ path: 'code', rule: 'shape.missing', params: {} });
    expect(first(Code, { code: ['AB'] })).toEqual({ path: 'code', rule: 'shape.type', params: { expected: 'string' } });
  });
});

describe('ruleViolationText (the emulator says it on the wire)', () => {
  it.each<[RuleViolation, string]>([
    [
      { path: 'phone_settings.phone_list[0]', rule: 'phone.digits_only', params: { phone: '11 4567' } },
      'phone_settings.phone_list[0]: "11 4567" must contain digits only',
    ],
    [
      { path: 'phone_settings.phone_list[0]', rule: 'phone.trunk_prefix', params: { phone: '011' } },
      'phone_settings.phone_list[0]: "011" must not start with the trunk prefix 0',
    ],
    [
      { path: 'phone_settings.phone_list[0]', rule: 'phone.mobile_prefix', params: { phone: '15' } },
      'phone_settings.phone_list[0]: "15" must not start with the mobile prefix 15',
    ],
    [
      { path: 'phone_settings.phone_list[0]', rule: 'phone.length', params: { phone: '4567890', digits: 7, needed: 10 } },
      'phone_settings.phone_list[0]: "4567890" must be a complete number: area code plus number, 10 digits',
    ],
    [{ path: 'phone_settings.phone_list', rule: 'phones.none', params: {} }, 'phone_settings.phone_list: phone_list needs at least one number'],
    [
      { path: 'phone_settings.phone_list', rule: 'phones.too_many', params: { count: 4, max: 3 } },
      'phone_settings.phone_list: has 4 numbers; this campaign takes at most 3 (max_phone_priority + 1)',
    ],
    [{ path: 'products', rule: 'products.none', params: {} }, 'products: needs at least one product'],
    [
      { path: 'products[0].debt', rule: 'product.debt_format', params: { debt: '1,5' } },
      'products[0].debt: debt must be a string with a decimal point, e.g. "1500.00"',
    ],
    [
      { path: 'products[0].expiration', rule: 'product.expiration_date', params: { expiration: 'x' } },
      'products[0].expiration: "x" is not a real date (YYYY-MM-DD)',
    ],
    [{ path: 'params', rule: 'shape.missing', params: {} }, 'params: is required'],
    [{ path: '', rule: 'shape.type', params: { expected: 'object' } }, 'must be of type object'],
    [{ path: 'code', rule: 'shape.too_long', params: { max: 4 } }, 'code: is too long: at most 4'],
    [{ path: 'code', rule: 'shape.too_short', params: { min: 2 } }, 'code: is too short: at least 2'],
    [{ path: 'code', rule: 'shape.format', params: { format: 'regex' } }, 'code: is not in the expected format (regex)'],
    [{ path: 'n', rule: 'shape.other', params: {} }, 'n: is not valid'],
  ])('%j → %s', (violation, text) => {
    expect(ruleViolationText(violation)).toBe(text);
  });
});
