// The failure catalog is complete and consistent: every code worded in both languages with the same
// placeholders, in vue-i18n's syntax only, on a valid coarse class; the formatter fills them in.
import { describe, expect, it } from 'vitest';
import {
  FAILURES,
  failureClass,
  failureMessages,
  formatFailure,
  isFailureCode,
  type FailureClass,
  type FailureCode,
} from '../../../src-main/domain/failures/failure';

const CODES = Object.keys(FAILURES) as FailureCode[];
const CLASSES: FailureClass[] = [
  'invalid-input',
  'unknown-procedure',
  'not-signed-in',
  'session-expired',
  'offline',
  'timeout',
  'server',
  'refused',
  'contract',
  'not-found',
  'forbidden',
  'internal',
  'policy.locked',
  'ledger.shared_unavailable',
  'batch.busy',
  'batch.in_doubt',
  'results.busy',
  'workstation.busy',
  'notice',
];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the failure catalog', () => {
  it.each(CODES)('%s is worded in English and Spanish with the same placeholders', (code) => {
    const { en, es } = FAILURES[code];
    expect(en.trim()).not.toBe('');
    expect(es.trim()).not.toBe('');
    expect(es).not.toBe(en);
    expect(placeholders(es)).toEqual(placeholders(en));
  });

  it.each(CODES)('%s uses only {name} placeholders and no other vue-i18n syntax (@ | $ or a stray brace)', (code) => {
    for (const text of [FAILURES[code].en, FAILURES[code].es]) {
      const bare = text.replace(/\{\w+\}/g, '');
      expect(bare, text).not.toMatch(/[{}@|$]/);
    }
  });

  it('gives every code a coarse class the faces know', () => {
    expect(CODES.filter((code) => !CLASSES.includes(failureClass(code)))).toEqual([]);
  });

  it('has stable dotted codes, none the start of another (their dots are vue-i18n levels)', () => {
    expect(CODES.filter((code) => !/^[a-z]+(\.[a-z_]+)+$/.test(code))).toEqual([]);
    expect(CODES.filter((code) => CODES.some((other) => other.startsWith(`${code}.`)))).toEqual([]);
    // The audit trail keeps a failed procedure's code (domain/audit-events.ts): every code fits it.
    expect(CODES.filter((code) => !/^[a-z][a-z_.-]{0,39}$/.test(code))).toEqual([]);
  });

  it('is a tree of the same codes in each language', () => {
    const leaves = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v as object, `${prefix}${k}.`)));
    expect(leaves(failureMessages('es')).sort()).toEqual([...CODES].sort());
    expect(leaves(failureMessages('en')).sort()).toEqual([...CODES].sort());
  });

  it('tells its codes from other strings', () => {
    expect(isFailureCode('batch.busy')).toBe(true);
    expect(isFailureCode('invalid-input')).toBe(false);
    expect(isFailureCode('toString')).toBe(false);
  });
});

describe('formatFailure', () => {
  it('fills in the params in the language asked for, lists joined with commas', () => {
    expect(formatFailure('en', 'batch.in_doubt', { batchId: 7, inDoubt: 2 })).toMatch(/^Batch 7 has 2 case\(s\) in doubt/);
    expect(formatFailure('es', 'batch.in_doubt', { batchId: 7, inDoubt: 2 })).toMatch(/^El lote 7 tiene 2 caso\(s\) en duda/);
    expect(formatFailure('es', 'followup.mixed_formats', { campaignId: 3, batches: ['4', '9'] })).toMatch(/^Los casos vienen de los lotes 4, 9,/);
  });
});
