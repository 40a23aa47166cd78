// Keys of the managed policy this version does not know are warnings, not failures: a code of the
// catalog with the file and the key, worded in the run's --lang on stderr (by `policy` and by every
// command that opens the store), and carried as data by `policy --json`. The run goes on (exit 0).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCasedesk } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-policy-warnings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SLOW = 120_000;

const file = join(dir, 'policy.json');
writeFileSync(file, JSON.stringify({ retention_days: 30, print_logo: 'x', environments: { staging: { base_url: 'https://s.example.com' } } }));

/** The CLI in no particular locale, under that policy. */
function casedesk(args: string[]) {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, CASEDESK_DATA_DIR: _d, ...rest } = process.env;
  return runCasedesk(['--data-dir', join(dir, 'data'), ...args], { env: { ...rest, CASEDESK_POLICY: file } });
}

const SPANISH =
  `casedesk: warning policy.unknown_key: El archivo de política ${file} tiene una clave que esta versión no conoce, print_logo: se ignora.\n` +
  `casedesk: warning policy.unknown_environment: El archivo de política ${file} nombra un entorno que CaseDesk no tiene, environments.staging (solo test y production): se ignora.\n`;
const ENGLISH =
  `casedesk: warning policy.unknown_key: The policy file ${file} has a key this version does not know, print_logo: it is ignored.\n` +
  `casedesk: warning policy.unknown_environment: The policy file ${file} names an environment CaseDesk does not have, environments.staging (only test and production): it is ignored.\n`;

describe('unknown keys of the managed policy', { timeout: SLOW }, () => {
  it('are warned about by `policy` in --lang, code first, and the policy still applies (exit 0)', async () => {
    const es = await casedesk(['--lang', 'es', 'policy']);
    expect(es.code, es.stderr).toBe(0);
    expect(es.stdout).toContain(`Archivo de política: ${file}\n`);
    expect(es.stdout).toContain('  retention_days: 30\n');
    expect(es.stderr).toBe(SPANISH);
    const en = await casedesk(['--lang', 'en', 'policy']);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stderr).toBe(ENGLISH);
  });

  it('are data in `policy --json`: each a code and its params, nothing on stderr', async () => {
    const res = await casedesk(['--lang', 'es', 'policy', '--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
    expect((JSON.parse(res.stdout) as { warnings: unknown }).warnings).toEqual([
      { code: 'policy.unknown_key', params: { file, key: 'print_logo' } },
      { code: 'policy.unknown_environment', params: { file, key: 'environments.staging', environment: 'staging' } },
    ]);
  });

  it('are warned about in --lang by a command that opens the store, which goes on', async () => {
    const es = await casedesk(['--lang', 'es', 'batches', 'list', '--json']);
    expect(es.code, es.stderr).toBe(0);
    expect(JSON.parse(es.stdout)).toEqual([]);
    expect(es.stderr).toBe(SPANISH);
    const en = await casedesk(['--lang', 'en', 'batches', 'list', '--json']);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stderr).toBe(ENGLISH);
  });
});

describe('what a policy file puts in a line of stderr', { timeout: SLOW }, () => {
  /** Control characters other than the line's own end: a terminal would act on them (clear, retitle, recolour). */
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

  it('is shown, never sent to the terminal raw: a key with escape sequences and a line break is one visible line', async () => {
    const hostile = join(dir, 'hostile-policy.json');
    writeFileSync(hostile, JSON.stringify({ retention_days: 30, '\u001b]0;pwned\u0007\u001b[2J\ncasedesk: note key.kept_in_file: fake': 1 }));
    const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, CASEDESK_DATA_DIR: _d, ...rest } = process.env;
    const res = await runCasedesk(['--lang', 'en', 'policy'], { env: { ...rest, CASEDESK_POLICY: hostile } });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toMatch(CONTROL);
    expect(res.stderr.split('\n')).toEqual([
      `casedesk: warning policy.unknown_key: The policy file ${hostile} has a key this version does not know, \\u001b]0;pwned\\u0007\\u001b[2J\\u000acasedesk: note key.kept_in_file: fake: it is ignored.`,
      '',
    ]);
  });
});
