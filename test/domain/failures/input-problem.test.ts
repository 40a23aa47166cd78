// A zod issue becomes a problem as data (its code and figures, never zod's English), and every problem
// is worded by the catalog in both languages, its small words nested.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { INPUT_WORDS } from '../../../src-main/domain/failures/catalog-input';
import { formatFailure } from '../../../src-main/domain/failures/failure';
import { INPUT_PROBLEM_WORDS, INPUT_PROBLEMS, firstInputProblem, inputProblem } from '../../../src-main/domain/failures/input-problem';
import { ContactHours } from '../../../src-main/domain/contact-calendar';
import { LedgerMapping } from '../../../src-main/domain/ledger-mapping';
import { MappingFile } from '../../../src-main/domain/mapping-file';

/** The first issue of a parse that must fail, with its input reported as the edges parse. */
function problemOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error('parsed');
  return firstInputProblem(parsed.error);
}

const Sample = z.strictObject({
  name: z.string().min(1).max(3),
  count: z.number().int().positive().max(10),
  list: z.array(z.string()).length(2),
  yes: z.boolean(),
  choice: z.enum(['a', 'b']),
  email: z.email(),
  day: z.iso.date(),
  code: z.string().regex(/^\d+$/),
  by: z.record(z.string().regex(/^k/), z.number()),
  either: z.discriminatedUnion('kind', [z.object({ kind: z.literal('x') }), z.object({ kind: z.literal('y'), n: z.number() })]),
  big: z.bigint().lt(5n),
});
const GOOD = {
  name: 'ab',
  count: 3,
  list: ['a', 'b'],
  yes: true,
  choice: 'a',
  email: 'a@b.co',
  day: '2026-01-31',
  code: '12',
  by: { k: 1 },
  either: { kind: 'x' },
  big: 1n,
};
const at = (patch: Record<string, unknown>) => problemOf(Sample, { ...GOOD, ...patch });

describe('inputProblem', () => {
  it.each([
    ['a missing field', at({ name: undefined }), { path: 'name', problem: 'missing', params: {} }],
    ['a text too long', at({ name: 'abcd' }), { path: 'name', problem: 'too_big', params: { measure: 'length', bound: 'at_most', limit: 3 } }],
    ['a text too short', at({ name: '' }), { path: 'name', problem: 'too_small', params: { measure: 'length', bound: 'at_least', limit: 1 } }],
    ['a number not above its bound', at({ count: 0 }), { path: 'count', problem: 'too_small', params: { measure: 'value', bound: 'more_than', limit: 0 } }],
    ['a number too big', at({ count: 11 }), { path: 'count', problem: 'too_big', params: { measure: 'value', bound: 'at_most', limit: 10 } }],
    ['a big integer not below its bound', at({ big: 9n }), { path: 'big', problem: 'too_big', params: { measure: 'value', bound: 'less_than', limit: '5' } }],
    ['a fraction for a whole number', at({ count: 1.5 }), { path: 'count', problem: 'type', params: { expected: 'whole_number' } }],
    ['text for a number', at({ count: '3' }), { path: 'count', problem: 'type', params: { expected: 'number' } }],
    ['a list of another length', at({ list: ['a'] }), { path: 'list', problem: 'too_small', params: { measure: 'count', bound: 'exactly', limit: 2 } }],
    ['a list item of the wrong type', at({ list: ['a', 2] }), { path: 'list.1', problem: 'type', params: { expected: 'text' } }],
    ['text for true or false', at({ yes: 'yes' }), { path: 'yes', problem: 'type', params: { expected: 'true_false' } }],
    ['a value not among the choices', at({ choice: 'c' }), { path: 'choice', problem: 'choice', params: { choices: ['a', 'b'] } }],
    ['an e-mail address', at({ email: 'nobody' }), { path: 'email', problem: 'format', params: { format: 'email' } }],
    ['a date', at({ day: '31/01/2026' }), { path: 'day', problem: 'format', params: { format: 'date' } }],
    ['a text against a pattern', at({ code: 'x' }), { path: 'code', problem: 'format', params: { format: 'pattern' } }],
    ['a record key', at({ by: { z: 1 } }), { path: 'by.z', problem: 'format', params: { format: 'pattern' } }],
    ['an unknown discriminator', at({ either: { kind: 'z' } }), { path: 'either.kind', problem: 'choice', params: { choices: ['x', 'y'] } }],
    ['a union branch’s field', at({ either: { kind: 'y', n: 'one' } }), { path: 'either.n', problem: 'type', params: { expected: 'number' } }],
    ['a key not taken', at({ extra: 1, more: 2 }), { path: '', problem: 'unknown_key', params: { keys: ['extra', 'more'] } }],
    ['an object that is not one', problemOf(Sample, []), { path: '', problem: 'type', params: { expected: 'object' } }],
  ])('says %s', (_, got, expected) => {
    expect(got).toEqual(expected);
  });

  it('says a union of plain types as other, and a missing one as missing', () => {
    const Either = z.object({ v: z.union([z.string(), z.number()]) });
    expect(problemOf(Either, { v: true })).toEqual({ path: 'v', problem: 'other', params: {} });
    expect(problemOf(Either, {})).toEqual({ path: 'v', problem: 'missing', params: {} });
  });

  it('takes the problem our refinements name in their params, and says any other refinement as other', () => {
    expect(problemOf(ContactHours, { from: '20:00', to: '08:00', days: ['mon'] })).toEqual({ path: 'to', problem: 'order', params: { after: 'from' } });
    expect(problemOf(ContactHours, { from: '08:00', to: '20:00', days: ['mon', 'mon'] })).toEqual({ path: 'days', problem: 'repeated', params: {} });
    expect(problemOf(ContactHours, { from: '8:00', to: '20:00', days: ['mon'] })).toEqual({ path: 'from', problem: 'format', params: { format: 'time' } });
    expect(problemOf(LedgerMapping, { columns: { reason: 'Motivo' } })).toEqual({ path: 'columns', problem: 'one_of', params: { keys: ['phone', 'code'] } });
    const mapping = {
      columns: { code: 'DNI', phones: ['Tel'], debt_code: 'Op', pid: 'P', debt: 'Saldo', expiration: 'Vto' },
      decimal_separator: ',',
      date_order: 'DMY',
    };
    expect(problemOf(MappingFile, mapping)).toEqual({ path: 'columns', problem: 'one_of', params: { keys: ['full_name', 'first_name + last_name'] } });
    expect(problemOf(MappingFile, { ...mapping, columns: { ...mapping.columns, full_name: 'N' }, default_area_code: '00351' })).toEqual({
      path: 'default_area_code',
      problem: 'format',
      params: { format: 'area_code' },
    });
    // A data-keyed record (contract/data-keys.ts) passes each value's problem on.
    const named = { ...mapping, columns: { ...mapping.columns, full_name: 'N' } };
    expect(problemOf(MappingFile, { ...named, columns: { ...named.columns, params: { __proto__x: '' } } })).toEqual({
      path: 'columns.params.__proto__x',
      problem: 'too_small',
      params: { measure: 'length', bound: 'at_least', limit: 1 },
    });
    expect(problemOf(MappingFile, { ...named, columns: { ...named.columns, params: ['Nro'] } })).toEqual({
      path: 'columns.params',
      problem: 'type',
      params: { expected: 'object' },
    });
    const Plain = z.string().refine(() => false, { message: 'some English' });
    expect(problemOf(Plain, 'x')).toEqual({ path: '', problem: 'other', params: {} });
    const Odd = z.string().refine(() => false, { params: { problem: 'nonsense' } });
    expect(problemOf(Odd, 'x')).toEqual({ path: '', problem: 'other', params: {} });
  });

  it('never reads zod’s message nor passes the value given on', () => {
    const issue: z.core.$ZodIssue = {
      code: 'too_big',
      origin: 'string',
      maximum: 3,
      inclusive: true,
      path: ['name'],
      input: '11 4444-5555',
      message: 'secret words',
    };
    const problem = inputProblem(issue);
    expect(JSON.stringify(problem)).not.toMatch(/secret|4444/);
  });
});

describe('the words of input problems', () => {
  const NAMESPACES = { expected: 'input.kind', measure: 'input.measure', bound: 'input.bound', format: 'input.format' } as const;

  it('has words for every problem and every value of the small words they nest', () => {
    const codes = [
      ...INPUT_PROBLEMS.map((p) => `input.problem.${p}`),
      ...Object.entries(INPUT_PROBLEM_WORDS).flatMap(([name, values]) => values.map((v) => `${NAMESPACES[name as keyof typeof NAMESPACES]}.${v}`)),
    ];
    expect(codes.filter((code) => !Object.hasOwn(INPUT_WORDS, code))).toEqual([]);
  });

  it('nests only words below them (no loop), and only placeholders a problem has', () => {
    const allowed: Record<string, string[]> = {
      'input.problem': ['expected', 'measure', 'format', 'choices', 'keys', 'after', 'field', 'value'],
      'input.measure': ['bound', 'limit'],
      'input.kind': [],
      'input.bound': [],
      'input.format': [],
    };
    for (const [code, entry] of Object.entries(INPUT_WORDS).filter(([code]) => code.startsWith('input.') && code !== 'input.invalid')) {
      const group = code.split('.').slice(0, 2).join('.');
      const names = [...entry.en.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(allowed[group], code).toBeDefined();
      expect(
        names.filter((n) => !allowed[group]?.includes(n as string)),
        code,
      ).toEqual([]);
    }
  });

  it('fills a failure’s {problem} with the problem’s words in the language asked for', () => {
    const params = { path: 'name', problem: 'too_big', measure: 'length', bound: 'at_most', limit: 40 };
    expect(formatFailure('en', 'input.invalid', params)).toBe('name: must be at most 40 character(s) long');
    expect(formatFailure('es', 'input.invalid', params)).toBe('Dato no válido en name: debe tener como máximo 40 carácter(es)');
    const type = { file: 'm.json', path: 'columns.phones', problem: 'type', expected: 'list' };
    expect(formatFailure('es', 'cli.mapping_invalid', type)).toBe('El archivo de mapeo m.json no es válido en columns.phones: debe ser una lista');
    // A param of the same name that is no problem of ours is shown as it is.
    expect(formatFailure('en', 'input.invalid', { path: 'x', problem: 'too_big_for_words' })).toBe('x: too_big_for_words');
  });
});
