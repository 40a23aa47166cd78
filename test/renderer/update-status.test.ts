// The Settings card's words for the updater: every state, every reason it is off and every error has a
// sentence in Spanish and in English, with every blank filled.
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { UPDATE_DISABLED_REASONS, UPDATE_ERROR_CODES, type UpdateState } from '../../src-main/updates/update-state';
import { describeUpdate } from '../../src-renderer/src/components/settings/update-status';
import updates from '../../src-renderer/src/i18n/messages/updates';
import { splitTexts } from '../../src-renderer/src/i18n/texts';

const AT = '2026-03-02T13:00:00.000Z';
const states: UpdateState[] = [
  { state: 'idle', checkedAt: null },
  { state: 'idle', checkedAt: AT },
  { state: 'checking' },
  { state: 'available', version: '1.4.0' },
  { state: 'downloading', version: '1.4.0', percent: 40 },
  { state: 'ready', version: '1.4.0' },
  ...UPDATE_DISABLED_REASONS.map((reason) => ({ state: 'disabled' as const, reason })),
  ...UPDATE_ERROR_CODES.map((code) => ({ state: 'error' as const, code, at: AT })),
];

describe.each(['es', 'en'] as const)('the updates card in %s', (locale) => {
  const i18n = createI18n({
    legacy: false,
    locale,
    missingWarn: false,
    fallbackWarn: false,
    messages: splitTexts({ updates }),
  });
  const t = (key: string, params?: Record<string, unknown>) => (i18n.global.te(key, locale) ? i18n.global.t(key, params ?? {}) : `MISSING ${key}`);
  const when = (iso: string) => `«${iso}»`;

  it.each(states.map((s) => [JSON.stringify(s), s] as const))('says %s in words, every blank filled', (_name, state) => {
    const view = describeUpdate(state, t, when);
    for (const text of [view.text, view.note ?? '']) expect(text).not.toMatch(/MISSING|[{}]|undefined|updates\./);
  });

  it('says the percentage, the version to be installed at the restart, and when it last tried', () => {
    expect(describeUpdate({ state: 'downloading', version: '1.4.0', percent: 40 }, t, when)).toMatchObject({
      text: expect.stringContaining('40 %'),
      percent: 40,
      canRestart: false,
    });
    expect(describeUpdate({ state: 'ready', version: '1.4.0' }, t, when)).toMatchObject({
      text: expect.stringMatching(locale === 'es' ? /1\.4\.0.*reinicie CaseDesk/ : /1\.4\.0 will be installed when you restart CaseDesk/),
      canRestart: true,
    });
    expect(describeUpdate({ state: 'error', code: 'update.bad_signature', at: AT }, t, when)).toMatchObject({
      severity: 'error',
      note: expect.stringContaining(`«${AT}»`),
    });
    expect(describeUpdate({ state: 'error', code: 'update.unreachable', at: AT }, t, when).severity).toBe('warn');
    expect(describeUpdate({ state: 'idle', checkedAt: AT }, t, when)).toMatchObject({ severity: 'success', text: expect.stringContaining(`«${AT}»`) });
  });

  it('on Linux without a release key, says new versions come with the system’s packages, with nothing to press', () => {
    const view = describeUpdate({ state: 'disabled', reason: 'no-update-key' }, t, when);
    expect(view).toMatchObject({ severity: 'secondary', canRestart: false, percent: null });
    expect(view.text).toMatch(locale === 'es' ? /^En Linux.*paquetes del sistema.*área de sistemas\.$/ : /^On Linux.*system’s packages.*IT department\.$/);
    for (const code of ['update.unsigned_release', 'update.bad_release_signature'] as const)
      expect(describeUpdate({ state: 'error', code, at: AT }, t, when)).toMatchObject({ severity: 'error', text: expect.stringContaining('latest-linux.yml') });
  });
});
