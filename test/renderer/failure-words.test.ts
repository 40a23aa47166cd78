// The renderer words a failure with the very catalog the CLI prints: registered into vue-i18n under
// `failures.`, each code says in each language exactly what formatFailure says.
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { FAILURES, formatFailure, shownParams, type FailureCode } from '../../src-main/domain/failures/failure';
import failures from '../../src-renderer/src/i18n/messages/failures';
import { splitTexts } from '../../src-renderer/src/i18n/texts';

const CODES = Object.keys(FAILURES) as FailureCode[];
/** A value for each placeholder of the code, a list among them to show how lists read. */
const sampleParams = (code: FailureCode) =>
  Object.fromEntries([...FAILURES[code].en.matchAll(/\{(\w+)\}/g)].map((m, i) => [m[1] as string, i === 0 ? ['a', 'b'] : `${m[1]}-${i}`]));

describe('failures in vue-i18n', () => {
  const i18n = createI18n({ legacy: false, locale: 'es', messages: splitTexts({ failures }) });

  it.each(CODES)('%s reads the same through vue-i18n as through the CLI formatter', (code) => {
    const params = sampleParams(code);
    for (const lang of ['es', 'en'] as const) {
      i18n.global.locale.value = lang;
      expect(i18n.global.t(`failures.${code}`, shownParams(params, lang))).toBe(formatFailure(lang, code, params));
    }
  });

  it('words an input’s problem (a code with its figures) the same way, in the language shown', () => {
    const params = { path: 'contact_hours.days', problem: 'too_small', measure: 'count', bound: 'at_least', limit: 1 };
    for (const lang of ['es', 'en'] as const) {
      i18n.global.locale.value = lang;
      expect(i18n.global.t('failures.input.invalid', shownParams(params, lang))).toBe(formatFailure(lang, 'input.invalid', params));
    }
    expect(formatFailure('es', 'input.invalid', params)).toBe('Dato no válido en contact_hours.days: debe tener al menos 1 elemento(s)');
  });
});
