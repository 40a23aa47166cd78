// What the CLI says on stderr beside a run that goes on, as notes of the catalog in the run's --lang
// (`casedesk: note CODE: …`, the code first): `start` without Electron, and the files `payload --out`
// and `export` wrote, named by their path. stdout stays as scripts read it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadBody } from '../../src-main/contract';
import { runCasedesk } from '../support/cli';

const ROOT = join(import.meta.dirname, '../..');
const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Each run starts Node and loads the app: a second or more apiece on a busy machine.
const SLOW = 120_000;

/** The CLI in no particular locale, with no policy unless `env` names one. */
function casedesk(args: string[], env: NodeJS.ProcessEnv = {}) {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, CASEDESK_DATA_DIR: _d, ...rest } = process.env;
  return runCasedesk(['--data-dir', join(dir, 'data'), ...args], { env: { ...rest, CASEDESK_POLICY: '', ...env } });
}

/** start.ts's own test: an Electron binary downloaded beside the package (never, where only the npm registry is reachable). */
function electronHere(): boolean {
  const electron = join(ROOT, 'node_modules/electron');
  const pathFile = join(electron, 'path.txt');
  return existsSync(pathFile) && existsSync(join(electron, 'dist', readFileSync(pathFile, 'utf8').trim()));
}

describe('the notes of the CLI', { timeout: SLOW }, () => {
  it('start without Electron says it serves the browser instead, in --lang, first thing', async () => {
    // A policy that is not JSON stops `start` right after the note, before it builds or serves anything.
    const policy = join(dir, 'not-json.json');
    writeFileSync(policy, '{');
    const note = {
      es: 'casedesk: note start.no_electron: Electron no está instalado aquí: CaseDesk se abre en el navegador.\n',
      en: 'casedesk: note start.no_electron: Electron is not installed here: starting CaseDesk in the browser instead.\n',
    };
    const stopped = {
      es: `casedesk: El archivo de política ${policy} no es JSON válido. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.\n`,
      en: `casedesk: The policy file ${policy} is not valid JSON. CaseDesk does not start without it; ask your IT department.\n`,
    };
    // Where Electron was downloaded, start opens the desktop app instead and has nothing to note.
    const noted = (lang: 'es' | 'en') => (electronHere() ? '' : note[lang]);
    for (const lang of ['es', 'en'] as const) {
      const res = await casedesk(['--lang', lang, 'start', '--port', '0'], { CASEDESK_POLICY: policy });
      expect(res.stderr).toBe(noted(lang) + stopped[lang]);
      expect(res.stdout).toBe('');
      expect(res.code).toBe(1);
    }
    // With --browser the browser is what was asked for: no note.
    const asked = await casedesk(['--lang', 'en', 'start', '--browser', '--port', '0'], { CASEDESK_POLICY: policy });
    expect(asked.stderr).toBe(stopped.en);
  });

  it('payload --out and export say what they wrote and where, in --lang; the files are as before', async () => {
    const prepared = await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2', '--env', 'test', '--json']);
    expect(prepared.code, prepared.stderr).toBe(0);
    const batchId = String((JSON.parse(prepared.stdout) as { batchId: number }).batchId);
    const body = join(dir, 'payload.json');
    const errors = join(dir, 'errores.xlsx');
    const clean = join(dir, 'limpio.xlsx');

    const es = await casedesk(['--lang', 'es', 'payload', batchId, '--out', body]);
    expect(es.code, es.stderr).toBe(0);
    expect(es.stdout).toBe('');
    expect(es.stderr).toBe(`casedesk: note payload.written: 8 casos en 1 envío(s) de carga escritos en ${body}.\n`);
    expect(UploadBody.parse(JSON.parse(readFileSync(body, 'utf8')))).toHaveLength(8);
    // The same files again: replacing them takes --force.
    const en = await casedesk(['--lang', 'en', 'payload', batchId, '--out', body, '--force']);
    expect(en.stderr).toBe(`casedesk: note payload.written: 8 cases in 1 upload chunk(s) written to ${body}.\n`);

    const exportEs = await casedesk(['--lang', 'es', 'export', batchId, '--errors', errors, '--clean', clean]);
    expect(exportEs.code, exportEs.stderr).toBe(0);
    expect(exportEs.stdout).toBe('');
    expect(exportEs.stderr).toBe(
      `casedesk: note export.error_report_written: Reporte de errores escrito en ${errors}.\n` +
        `casedesk: note export.clean_batch_written: Lote limpio escrito en ${clean}.\n`,
    );
    expect(existsSync(errors) && existsSync(clean)).toBe(true);
    const exportEn = await casedesk(['--lang', 'en', 'export', batchId, '--errors', errors, '--clean', clean, '--force']);
    expect(exportEn.stderr).toBe(
      `casedesk: note export.error_report_written: Error report written to ${errors}.\n` +
        `casedesk: note export.clean_batch_written: Clean batch written to ${clean}.\n`,
    );
  });

  it('a file that cannot be written (a failure of the catalog naming the folder) reaches the terminal printable: a path cannot clear the screen', async () => {
    const prepared = await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2', '--env', 'test', '--json']);
    expect(prepared.code, prepared.stderr).toBe(0);
    const batchId = String((JSON.parse(prepared.stdout) as { batchId: number }).batchId);
    const hostile = join(dir, 'no-such-\u001b[2J-folder', 'payload.json');
    const res = await casedesk(['payload', batchId, '--out', hostile]);
    // export.folder_missing: bad input (exit 2), worded by the catalog with the folder it names.
    expect(res.code).toBe(2);
    expect(res.stderr).not.toContain('\u001b');
    expect(res.stderr).toMatch(/The folder .*no-such-\\u001b\[2J-folder does not exist/);
  });
});
