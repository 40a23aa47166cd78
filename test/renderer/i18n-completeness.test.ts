// Spanish and English are complete: every text of every message file holds both (its leaves are
// exactly { en, es }), none is left empty, and both languages fill the same placeholders and have as
// many plural forms.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISSUE_KINDS } from '../../src-main/preparation/build/prepared-issue';
import batch from '../../src-renderer/src/i18n/messages/batch';
import { splitTexts, type Texts, type Tree } from '../../src-renderer/src/i18n/texts';
import { kindKey } from '../../src-renderer/src/components/batch/case-format';

const dir = join(import.meta.dirname, '../../src-renderer/src/i18n/messages');
/** Texts whose languages fill different placeholders on purpose: words stored before issue texts were data. */
const OWN_PLACEHOLDERS = new Set(['issue.legacy']);

/** Each text's key with its words in both languages (the split has checked both trees have the same keys). */
function texts(en: Tree, es: Tree, prefix = ''): { key: string; en: string; es: string }[] {
  return Object.entries(en).flatMap(([k, v]) => {
    const other = es[k];
    if (typeof v === 'string' && typeof other === 'string') return [{ key: `${prefix}${k}`, en: v, es: other }];
    return texts(v as Tree, other as Tree, `${prefix}${k}.`);
  });
}
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*\}/g)].map((m) => m[1]))].sort();
const pluralForms = (text: string) => text.split('|').length;

describe('renderer messages', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

  it.each(files)('%s holds every text in en and es, none empty, the same placeholders and plural forms in both', async (file) => {
    const { default: messages } = (await import(join(dir, file))) as { default: Texts };
    const name = file.replace(/\.ts$/, '');
    const split = splitTexts(messages, `${name}.`);
    const all = texts(split.en, split.es, `${name}.`);
    expect(all.length).toBeGreaterThan(0);
    for (const text of all) {
      expect(text.en.trim(), `${text.key} in English`).not.toBe('');
      expect(text.es.trim(), `${text.key} in Spanish`).not.toBe('');
      if (!OWN_PLACEHOLDERS.has(text.key)) expect(placeholders(text.es), text.key).toEqual(placeholders(text.en));
      expect(pluralForms(text.es), text.key).toBe(pluralForms(text.en));
    }
  });

  it('tells placeholders and plural forms apart (the checks above can fail)', () => {
    expect(placeholders('Fila {rows} de {n} | Filas {rows} de { n }')).toEqual(['n', 'rows']);
    expect(pluralForms('Ningún caso | 1 caso | {n} casos')).toBe(3);
  });
});

describe('issue kinds', () => {
  const { en, es } = splitTexts(batch);
  it.each(ISSUE_KINDS)('%s has a name in es and en (the batch filter shows it)', (kind) => {
    expect(es.kinds).toHaveProperty(kindKey(kind));
    expect(en.kinds).toHaveProperty(kindKey(kind));
  });
});
