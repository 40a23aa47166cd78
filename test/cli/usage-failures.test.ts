// What commander refuses on the command line reaches the user as a failure of the catalog (cli.*):
// worded in the run's --lang, naming the command, the option or argument and the value; exit 2.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCasedesk } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SLOW = 120_000;

/** The CLI in an English locale, with no managed policy unless given. */
function casedesk(args: string[], env: Record<string, string> = {}) {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...rest } = process.env;
  return runCasedesk(['--data-dir', join(dir, 'data'), ...args], { env: { ...rest, CASEDESK_POLICY: '', ...env } });
}

describe('a command line the CLI refuses', { timeout: SLOW }, () => {
  it.each([
    [['--lang', 'es', 'upload', '3', '--bogus'], 'casedesk upload no tiene la opción --bogus (vea casedesk upload --help).'],
    [['upload', '3', '--bogus'], 'casedesk upload has no option --bogus (see casedesk upload --help).'],
    [['--lang', 'es', 'nosuch'], 'casedesk no tiene el comando "nosuch" (vea casedesk --help).'],
    [['--lang', 'es', 'prepare'], 'casedesk prepare necesita su argumento <file> (vea casedesk prepare --help).'],
    [['upload', '3', '4'], 'casedesk upload takes 1 argument(s) but got 2 (see casedesk upload --help).'],
    [['--lang', 'es', 'upload', '3', '--campaign'], '--campaign necesita un valor (vea casedesk upload --help).'],
    [['--lang', 'es', 'campaigns', 'create', '--name', 'x'], 'casedesk campaigns create necesita --bot (vea casedesk campaigns create --help).'],
    [['--lang', 'es', 'upload', 'abc'], '<batch>: "abc" no es un número entero ≥ 1.'],
    [['--lang', 'es', 'upload', '3', '--env', 'mars'], '--env: "mars" no es uno de demo, test, production.'],
    [['audit', '--since', 'yesterday'], '--since: "yesterday" is not a date YYYY-MM-DD or an ISO instant.'],
    [['--lang', 'es', 'audit', '--limit', '0'], '--limit: "0" no es un número entero de 1 a 10000.'],
  ])('%j: says what and where, in --lang, exit 2', async (args, words) => {
    const res = await casedesk(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`casedesk: ${words}\n`);
  });
});

describe("a command's own refusals", { timeout: SLOW }, () => {
  const existing = join(dir, 'diagnostics.zip');
  writeFileSync(existing, 'kept');
  const missingMapping = join(dir, 'no-mapping.json');
  it.each([
    [['--lang', 'es', 'prepare', 'x.xlsx'], 2, 'Indique una de estas opciones: --campaign ID, --max-phone-priority N.'],
    [['prepare', 'x.xlsx', '--campaign', '3', '--mapping', missingMapping], 2, `Cannot read the mapping file ${missingMapping} (ENOENT).`],
    [['--lang', 'es', 'results', '3', '--offline'], 2, '--offline exporta lo guardado: indique --out ARCHIVO.xlsx.'],
    [['--lang', 'es', 'followup', '3'], 2, 'Indique una de estas opciones: --outcome non-final|not-contacted|no-promise, --result NAME.'],
    [['--lang', 'es', 'diagnostics', '--out', existing], 2, `${existing} ya existe; agregue --force para reemplazarlo.`],
    [['--lang', 'es', 'emulator', '--tls-cert', 'c.pem'], 2, '--tls-cert, --tls-key van juntas: indique ambas o ninguna.'],
    [['emulator', '--tls-cert', join(dir, 'no.pem'), '--tls-key', join(dir, 'no.pem')], 2, `--tls-cert ${join(dir, 'no.pem')}: the file cannot be read.`],
  ])('%j: in --lang, with its exit code', async (args, code, words) => {
    const res = await casedesk(args);
    expect(res.stderr).toBe(`casedesk: ${words}\n`);
    expect(res.code).toBe(code);
  });
});

describe('a policy file the CLI cannot use', { timeout: SLOW }, () => {
  it('is said as a code of the catalog in --lang, naming the file and the key (exit 1, as before)', async () => {
    const file = join(dir, 'policy.json');
    writeFileSync(file, JSON.stringify({ retention_days: 'ninety' }));
    const es = await casedesk(['--lang', 'es', 'batches', 'list'], { CASEDESK_POLICY: file });
    expect(es.code).toBe(1);
    expect(es.stderr).toMatch(new RegExp(`^casedesk: No se puede usar el archivo de política ${file}: retention_days: .+ CaseDesk no se inicia sin él`));
    const missing = await casedesk(['batches', 'list'], { CASEDESK_POLICY: join(dir, 'nowhere.json') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `casedesk: The policy file ${join(dir, 'nowhere.json')} does not exist. CaseDesk does not start without it; ask your IT department.\n`,
    );
  });

  it('refuses one others may change as bad input (exit 2), naming the file and why, in --lang', async () => {
    const file = join(dir, 'open-policy.json');
    writeFileSync(file, JSON.stringify({ allow_custom_base_url: false }));
    chmodSync(file, 0o666);
    const en = await casedesk(['--lang', 'en', 'batches', 'list'], { CASEDESK_POLICY: file });
    expect(en.code).toBe(2);
    expect(en.stderr).toBe(
      `casedesk: The policy file ${file} is refused: ${file} can be changed by every user. Only administrators may be able to change the policy file and every folder above it. CaseDesk does not start with it; ask your IT department.\n`,
    );
    const es = await casedesk(['--lang', 'es', 'policy'], { CASEDESK_POLICY: file });
    expect(es.code).toBe(2);
    expect(es.stderr).toContain(`${file} puede modificarlo cualquier usuario.`);
  });
});
