// Each kind of words has its catalog (failures, notices, an input problem's words, an upload's details),
// and each holds to the failure catalog's rules: both languages, the same placeholders in vue-i18n's
// syntax only, stable dotted codes none the start of another. What the renderer registers under
// `failures.` is one tree, so there no code of one catalog is the start (or a repeat) of another's.
import { describe, expect, it } from 'vitest';
import { FAILURES } from '../../../src-main/domain/failures/catalog';
import { INPUT_WORDS } from '../../../src-main/domain/failures/catalog-input';
import { formatFailure, isFailureCode } from '../../../src-main/domain/failures/failure';
import { formatNotice, isNoticeCode, NOTICES } from '../../../src-main/domain/failures/notice';
import { formatUploadDetail, UPLOAD_DETAILS } from '../../../src-main/domain/upload-detail';

const CATALOGS: Record<string, Record<string, { en: string; es: string; class: string }>> = {
  notices: NOTICES,
  'input words': INPUT_WORDS,
  'upload details': UPLOAD_DETAILS,
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const prefixed = (codes: string[]) => codes.filter((code) => codes.some((other) => other.startsWith(`${code}.`)));

describe.each(Object.entries(CATALOGS))('the catalog of %s', (_, catalog) => {
  const codes = Object.keys(catalog);

  it('words every code in English and Spanish with the same placeholders, in vue-i18n syntax only', () => {
    for (const [code, { en, es }] of Object.entries(catalog)) {
      expect(en.trim(), code).not.toBe('');
      expect(es.trim(), code).not.toBe('');
      expect(es, code).not.toBe(en);
      expect(placeholders(es), code).toEqual(placeholders(en));
      for (const text of [en, es]) expect(text.replace(/\{\w+\}/g, ''), text).not.toMatch(/[{}@|$]/);
    }
  });

  it('has stable dotted codes, none the start of another, each a notice (it decides nothing)', () => {
    expect(codes.filter((code) => !/^[a-z]+(\.[a-z_]+)+$/.test(code))).toEqual([]);
    expect(prefixed(codes)).toEqual([]);
    expect(Object.entries(catalog).filter(([, entry]) => entry.class !== 'notice')).toEqual([]);
  });
});

describe('the kinds apart', () => {
  it('share no code: a notice, an input word or an upload detail is no failure', () => {
    const failures = Object.keys(FAILURES);
    for (const catalog of Object.values(CATALOGS)) expect(Object.keys(catalog).filter((code) => failures.includes(code))).toEqual([]);
    expect(isFailureCode('datafolder.moved')).toBe(false);
    expect(isFailureCode('upload.detail.split')).toBe(false);
    expect(isNoticeCode('datafolder.moved')).toBe(true);
    expect(isNoticeCode('datafolder.link')).toBe(false);
  });

  it('make one tree where the renderer registers them (failures, input words, upload details)', () => {
    const shown = [...Object.keys(FAILURES), ...Object.keys(INPUT_WORDS), ...Object.keys(UPLOAD_DETAILS)];
    expect(new Set(shown).size).toBe(shown.length);
    expect(prefixed(shown)).toEqual([]);
  });

  it('each word a param that names words of another catalog in place', () => {
    expect(formatFailure('en', 'input.invalid', { path: 'name', problem: 'missing' })).toBe('name: is missing');
    expect(formatNotice('en', 'datafolder.not_moved', { from: 'a', to: 'b', reason: 'copy_failed' })).toContain('(the copy failed)');
    expect(formatUploadDetail('es', 'upload.detail.service_said', { reason: 'x' })).toBe('El servicio respondió: «x»');
  });

  it('take no code of another kind', () => {
    // @ts-expect-error a notice is not a failure
    expect(() => formatFailure('en', 'datafolder.moved')).toThrow(TypeError);
    // @ts-expect-error a failure is not a notice
    expect(() => formatNotice('en', 'datafolder.link')).toThrow(TypeError);
  });
});
