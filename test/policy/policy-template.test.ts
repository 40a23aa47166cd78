// The Group Policy template (resources/policy/) sets every key of the policy, each at the registry
// value CaseDesk reads (HKLM\SOFTWARE\Policies\CaseDesk, policy-registry.ts), with its words in both
// languages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Policy } from '../../src-main/policy/policy';

const folder = join(import.meta.dirname, '../../resources/policy');
const admx = readFileSync(join(folder, 'CaseDesk.admx'), 'utf8');
const adml = (lang: string) => readFileSync(join(folder, lang, 'CaseDesk.adml'), 'utf8');
const ROOT = 'SOFTWARE\\Policies\\CaseDesk';
/** Keys read on Linux only, where there is no Group Policy: Windows checks its installers' own signatures. */
const LINUX_ONLY = new Set(['update_public_key']);

/** Each value the template writes, as `subkey\value` under ROOT. */
function writtenValues(): string[] {
  const values: string[] = [];
  for (const policy of admx.matchAll(/<policy ([^>]*)>([\s\S]*?)<\/policy>/g)) {
    const [, attributes = '', body = ''] = policy;
    const key = /key="([^"]+)"/.exec(attributes)?.[1] ?? '';
    expect(key === ROOT || key.startsWith(`${ROOT}\\`), key).toBe(true);
    const sub = key.slice(ROOT.length + 1);
    const names = [...`${attributes} ${body}`.matchAll(/valueName="([^"]+)"/g)].map((m) => m[1]);
    for (const name of names) values.push(sub === '' ? `${name}` : `${sub}\\${name}`);
  }
  return values.sort();
}

describe('the ADMX template', () => {
  it('sets every key of the policy, nested ones as subkeys', () => {
    const expected = Object.keys(Policy.shape).flatMap((key) => {
      if (LINUX_ONLY.has(key)) return [];
      if (key === 'environments') return ['production', 'test'].flatMap((env) => [`environments\\${env}\\base_url`, `environments\\${env}\\ca_file`]);
      if (key === 'contact_hours') return ['contact_hours\\from', 'contact_hours\\to', 'contact_hours\\days'];
      return [key];
    });
    expect(writtenValues()).toEqual(expected.sort());
  });

  it('has each string and presentation it names in English and Spanish', () => {
    const strings = new Set([...admx.matchAll(/\$\(string\.(\w+)\)/g)].map((m) => m[1]));
    const presentations = new Set([...admx.matchAll(/\$\(presentation\.(\w+)\)/g)].map((m) => m[1]));
    for (const lang of ['en-US', 'es-ES']) {
      const text = adml(lang);
      expect(new Set([...text.matchAll(/<string id="(\w+)">/g)].map((m) => m[1])), lang).toEqual(strings);
      expect(new Set([...text.matchAll(/<presentation id="(\w+)">/g)].map((m) => m[1])), lang).toEqual(presentations);
      const refs = new Set([...text.matchAll(/refId="(\w+)"/g)].map((m) => m[1]));
      expect(refs, lang).toEqual(new Set([...admx.matchAll(/<(?:text|decimal|enum) id="(\w+)"/g)].map((m) => m[1])));
    }
  });
});
