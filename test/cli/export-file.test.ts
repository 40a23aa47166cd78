// `export --errors`, `payload --out` and `templates export --out` as an agent runs them where another
// user could plant a link or leave a file open to all: the link is never written through, an existing
// path is refused (cli.file_exists, exit 2) unless --force, and what is written is 0600.
import { chmodSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { runCasedesk } from '../support/cli';
import { SAMPLE_MAPPING } from '../support/sample-mapping';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-export-file-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const casedesk = (...args: string[]) => runCasedesk(['--data-dir', dataDir, '--lang', 'en', ...args]);
const mode = (path: string) => (lstatSync(path).mode & 0o777).toString(8);
let batchId = '';

beforeAll(async () => {
  // A mapping file given with --creditor is kept as that creditor's template.
  const mapping = join(dir, 'mapping.json');
  writeFileSync(mapping, JSON.stringify(SAMPLE_MAPPING));
  const res = await casedesk('prepare', SAMPLE, '--mapping', mapping, '--creditor', 'Banco del Sur', '--max-phone-priority', '2', '--json');
  expect(res.code, res.stderr).toBe(0);
  batchId = String((JSON.parse(res.stdout) as { batchId: number }).batchId);
});

/** Each command, writing to `file` (with --force when asked). */
const COMMANDS: [string, (file: string, force: boolean) => string[]][] = [
  ['export --errors', (file, force) => ['export', batchId, '--errors', file, ...(force ? ['--force'] : [])]],
  ['payload --out', (file, force) => ['payload', batchId, '--out', file, ...(force ? ['--force'] : [])]],
  ['templates export --out', (file, force) => ['templates', 'export', '--creditor', 'Banco del Sur', '--out', file, ...(force ? ['--force'] : [])]],
];
let n = 0;

describe.skipIf(process.platform === 'win32').each(COMMANDS)('%s', (_name, args) => {
  it('writes a new file 0600', async () => {
    const file = join(dir, `new-${++n}`);
    const res = await casedesk(...args(file, false));
    expect(res.code, res.stderr).toBe(0);
    expect(mode(file)).toBe('600');
  });

  it('does not follow a link planted at the path: refused without --force, the link replaced with it, its target unchanged', async () => {
    const victim = join(dir, `victim-${++n}`);
    writeFileSync(victim, 'no tocar\n');
    chmodSync(victim, 0o666);
    const file = join(dir, `planted-${n}`);
    symlinkSync(victim, file);
    const refused = await casedesk(...args(file, false));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`casedesk: ${formatFailure('en', 'cli.file_exists', { file })}\n`);
    const forced = await casedesk(...args(file, true));
    expect(forced.code, forced.stderr).toBe(0);
    expect([readFileSync(victim, 'utf8'), mode(victim)]).toEqual(['no tocar\n', '666']);
    expect([lstatSync(file).isSymbolicLink(), mode(file)]).toEqual([false, '600']);
  });

  it('refuses an existing file without --force, leaving it as it was; with --force it is replaced 0600, not kept 0666', async () => {
    const file = join(dir, `existing-${++n}`);
    writeFileSync(file, 'antes\n');
    chmodSync(file, 0o666);
    const refused = await casedesk(...args(file, false));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`casedesk: ${formatFailure('en', 'cli.file_exists', { file })}\n`);
    expect([readFileSync(file, 'utf8'), mode(file)]).toEqual(['antes\n', '666']);
    const forced = await casedesk(...args(file, true));
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toBe('antes\n');
    expect(mode(file)).toBe('600');
  });
});
