// Spanish and English are complete: every text exists in both, and no text is left empty.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISSUE_KINDS } from '../../src-main/preparation/build/prepared-issue';
import batch from '../../src-renderer/src/i18n/messages/batch';
import { kindKey } from '../../src-renderer/src/components/batch/case-format';

type Tree = { [key: string]: string | Tree };
const dir = join(import.meta.dirname, '../../src-renderer/src/i18n/messages');

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

describe('renderer messages', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

  it.each(files)('%s has the same keys in es and en, none empty', async (file) => {
    const { default: messages } = (await import(join(dir, file))) as { default: { es: Tree; en: Tree } };
    expect(keys(messages.en).sort()).toEqual(keys(messages.es).sort());
    for (const text of [...values(messages.es), ...values(messages.en)]) expect(text.trim()).not.toBe('');
  });
});

describe('issue kinds', () => {
  it.each(ISSUE_KINDS)('%s has a name in es and en (the batch filter shows it)', (kind) => {
    expect(batch.es.kinds).toHaveProperty(kindKey(kind));
    expect(batch.en.kinds).toHaveProperty(kindKey(kind));
  });
});
