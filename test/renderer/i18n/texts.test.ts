// The message files hold both languages side by side; vue-i18n takes one tree per language. The split
// must give each language its own words at the same keys, in the same order, whatever the keys are
// called (a namespace named `en` or `es` included), and refuse a tree that is not texts.
import { describe, expect, it } from 'vitest';
import { joinTexts, splitTexts, type Texts, type Tree } from '../../../src-renderer/src/i18n/texts';

const texts = {
  title: { en: 'Settings', es: 'Configuración' },
  form: {
    save: { en: 'Save', es: 'Guardar' },
    count: { en: 'No case | 1 case | {n} cases', es: 'Ningún caso | 1 caso | {n} casos' },
  },
  // The language picker: namespaces named like the languages, whose leaves are Words in turn.
  language: {
    en: { en: 'English', es: 'Inglés' },
    es: { en: 'Spanish', es: 'Español' },
  },
  es: { label: { en: 'Spanish only', es: 'Solo español' } },
  empty: {},
} satisfies Texts;

const en: Tree = {
  title: 'Settings',
  form: { save: 'Save', count: 'No case | 1 case | {n} cases' },
  language: { en: 'English', es: 'Spanish' },
  es: { label: 'Spanish only' },
  empty: {},
};
const es: Tree = {
  title: 'Configuración',
  form: { save: 'Guardar', count: 'Ningún caso | 1 caso | {n} casos' },
  language: { en: 'Inglés', es: 'Español' },
  es: { label: 'Solo español' },
  empty: {},
};

describe('splitTexts', () => {
  it('gives each language its words at the same keys, namespaces named en and es included', () => {
    const split = splitTexts(texts);
    expect(split.en).toStrictEqual(en);
    expect(split.es).toStrictEqual(es);
  });

  it('keeps the keys in the order the file writes them', () => {
    const split = splitTexts({ b: { en: 'B', es: 'Be' }, a: { z: { en: 'Z', es: 'Zeta' }, y: { en: 'Y', es: 'I griega' } } });
    expect(Object.keys(split.es)).toEqual(['b', 'a']);
    expect(Object.keys(split.en.a as Tree)).toEqual(['z', 'y']);
  });

  it('refuses a leaf that is not exactly { en, es } and names where it is', () => {
    const missing = { form: { save: { en: 'Save' } } } as unknown as Texts;
    // eslint-disable-next-line no-restricted-syntax -- a catalog built wrong is a programmer's error: no code, it names the path
    expect(() => splitTexts(missing)).toThrow(/form\.save\.en/);
    const extra = { form: { save: { en: 'Save', es: 'Guardar', fr: 'Enregistrer' } } } as unknown as Texts;
    // eslint-disable-next-line no-restricted-syntax -- a catalog built wrong is a programmer's error: no code, it names the path
    expect(() => splitTexts(extra)).toThrow(/form\.save\.en/);
    const bare = { title: 'Settings' } as unknown as Texts;
    // eslint-disable-next-line no-restricted-syntax -- a catalog built wrong is a programmer's error: no code, it names the path
    expect(() => splitTexts(bare)).toThrow(/title/);
  });

  it('lets the types catch a text missing a language', () => {
    // @ts-expect-error: es is missing
    const missing = { title: { en: 'Settings' } } satisfies Texts;
    expect(missing.title.en).toBe('Settings');
  });
});

describe('joinTexts', () => {
  it('undoes the split', () => {
    expect(joinTexts({ en, es })).toStrictEqual(texts);
    expect(splitTexts(joinTexts({ en, es }))).toStrictEqual({ en, es });
  });

  it('refuses trees whose keys or levels differ between the languages', () => {
    // eslint-disable-next-line no-restricted-syntax -- a catalog built wrong is a programmer's error: no code, it names the path
    expect(() => joinTexts({ en: { form: { save: 'Save', close: 'Close' } }, es: { form: { save: 'Guardar' } } })).toThrow(/form\.close/);
    // eslint-disable-next-line no-restricted-syntax -- a catalog built wrong is a programmer's error: no code, it names the path
    expect(() => joinTexts({ en: { form: 'Form' }, es: { form: { save: 'Guardar' } } })).toThrow(/form/);
  });
});
