// A failure the surface reports reaches the CLI as a code and params, and is printed in the run's
// language: --lang, else the locale of LC_ALL / LC_MESSAGES / LANG (es* is Spanish), else English.
// The exit code follows the code's class (docs/cli.md: "Failures and exit codes").
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultLang, exitCodeOf } from '../../src-main/cli/cli-globals';
import { runCasedesk } from '../support/cli';

const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-cli-lang-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** Each run of the CLI starts a Node process (several seconds on a busy machine). */
const SLOW = 120_000;

/** The CLI with this locale (none of the three set unless given) and no managed policy. */
function casedesk(args: string[], locale: Record<string, string> = {}) {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...rest } = process.env;
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...rest, CASEDESK_POLICY: '', ...locale } });
}

describe('a failure printed by the CLI', { timeout: SLOW }, () => {
  it('is in English by default, and in Spanish with --lang es (exit 1: not found)', async () => {
    const english = await casedesk(['batches', 'delete', '424242']);
    expect(english.code).toBe(1);
    expect(english.stderr).toBe('casedesk: Batch 424242 does not exist.\n');
    const spanish = await casedesk(['--lang', 'es', 'batches', 'delete', '424242']);
    expect(spanish.code).toBe(1);
    expect(spanish.stderr).toBe('casedesk: El lote 424242 no existe.\n');
  });

  it('follows the locale when --lang is not given; --lang wins over it', async () => {
    expect((await casedesk(['batches', 'delete', '424242'], { LANG: 'es_AR.UTF-8' })).stderr).toBe('casedesk: El lote 424242 no existe.\n');
    expect((await casedesk(['batches', 'delete', '424242', '--lang', 'en'], { LANG: 'es_AR.UTF-8' })).stderr).toBe('casedesk: Batch 424242 does not exist.\n');
  });

  it('keeps the exit codes of docs/cli.md: bad input is 2, in either language', async () => {
    const res = await casedesk(['--lang', 'es', 'suppress', 'add', '--phone', '4444-5555']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^casedesk: el teléfono "4444-5555" no es un número de teléfono argentino \(no-area-code\)\.\n$/);
  });

  it('words what is wrong in a mapping file from its code, in Spanish with --lang es, without zod’s English', async () => {
    const mapping = join(dataDir, 'mapeo.json');
    writeFileSync(mapping, JSON.stringify({ columns: { phone: 5 } }));
    const spanish = await casedesk(['--lang', 'es', 'suppress', 'import', 'lista.csv', '--mapping', mapping]);
    expect(spanish.code).toBe(2);
    expect(spanish.stderr).toBe(`casedesk: El archivo de mapeo ${mapping} no es válido en columns.phone: debe ser un texto\n`);
    const english = await casedesk(['suppress', 'import', 'lista.csv', '--mapping', mapping]);
    expect(english.stderr).toBe(`casedesk: The mapping file ${mapping} is not valid at columns.phone: must be text\n`);
  });

  it('says a file it cannot write where it was told as a code of the catalog, in Spanish with --lang es', async () => {
    const folder = join(dataDir, 'no-existe');
    const spanish = await casedesk(['--lang', 'es', 'diagnostics', '--out', join(folder, 'diag.zip')]);
    expect(spanish.code).toBe(2);
    expect(spanish.stderr).toBe(`casedesk: La carpeta ${folder} no existe (o no es una carpeta); elija otro lugar donde guardar el archivo.\n`);
    // Replacing (--force) goes through a temporary file beside it: the folder said is still the agent's.
    const notFolder = join(dataDir, 'nota.txt');
    writeFileSync(notFolder, 'a file, not a folder');
    const english = await casedesk(['diagnostics', '--out', join(notFolder, 'diag.zip'), '--force']);
    expect(english.code).toBe(2);
    expect(english.stderr).toBe(`casedesk: The folder ${notFolder} does not exist (or is not a folder); choose another place to save the file.\n`);
  });

  it('says a base URL it cannot use by the catalog, in Spanish with --lang es (exit 2)', async () => {
    const account = { CASEDESK_EMAIL: 'ana@example.com', CASEDESK_PASSWORD: 'x' };
    const spanish = await casedesk(['--lang', 'es', 'login', '--env', 'test', '--base-url', 'http://bots.example.com'], account);
    expect(spanish.code).toBe(2);
    expect(spanish.stderr).toMatch(/^casedesk: http:\/\/bots\.example\.com debe usar https \(http simple solo se permite en este equipo\)\.\n$/m);
    const notUrl = await casedesk(['--lang', 'es', 'login', '--env', 'production', '--base-url', 'bots.example.com'], account);
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).toMatch(/^casedesk: "bots\.example\.com" no es una dirección web \(URL\)\.\n$/m);
  });

  it('refuses a language it does not have, as bad input', async () => {
    const res = await casedesk(['--lang', 'fr', 'batches', 'list']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--lang/);
  });
});

describe('defaultLang', () => {
  it('takes the first of LC_ALL, LC_MESSAGES, LANG that is set: Spanish for es*, else English', () => {
    expect(defaultLang({})).toBe('en');
    expect(defaultLang({ LANG: 'C.UTF-8' })).toBe('en');
    expect(defaultLang({ LANG: 'es_AR.UTF-8' })).toBe('es');
    expect(defaultLang({ LANG: 'es_AR.UTF-8', LC_MESSAGES: 'en_US.UTF-8' })).toBe('en');
    expect(defaultLang({ LANG: 'en_US.UTF-8', LC_ALL: 'es_ES.UTF-8', LC_MESSAGES: 'en_US' })).toBe('es');
    expect(defaultLang({ LC_ALL: '', LANG: 'es' })).toBe('es');
  });
});

describe('exitCodeOf', () => {
  it("is 2 for bad input and the policy's refusals, 3 for cases in doubt, else 1", () => {
    expect(exitCodeOf({ code: 'file.empty', params: {} })).toBe(2);
    expect(exitCodeOf({ code: 'input.invalid', params: {} })).toBe(2);
    expect(exitCodeOf({ code: 'policy.setting_locked', params: {} })).toBe(2);
    expect(exitCodeOf({ code: 'batch.in_doubt', params: {} })).toBe(3);
    expect(exitCodeOf({ code: 'batch.not_found', params: {} })).toBe(1);
    expect(exitCodeOf({ code: 'network.dns', params: {} })).toBe(1);
    // The command line's own refusals are bad input, but cases in doubt; a policy file or store key it cannot use is a failure.
    expect(exitCodeOf({ code: 'cli.unknown_option', params: {} })).toBe(2);
    expect(exitCodeOf({ code: 'cli.bad_value.choice', params: {} })).toBe(2);
    expect(exitCodeOf({ code: 'cli.in_doubt', params: {} })).toBe(3);
    expect(exitCodeOf({ code: 'policy.not_json', params: {} })).toBe(1);
    expect(exitCodeOf({ code: 'store.wrong_key', params: {} })).toBe(1);
  });
});
