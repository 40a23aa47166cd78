// `casedesk issues` on a batch bigger than a page of cases: every issue, once, in order, as one JSON
// array for scripts and as tables of at most TABLE_ROWS rows for a person (a million-case batch has
// millions of issues; the table module failed past about 100,000 rows, and one answer could not hold them).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TABLE_ROWS } from '../../src-main/cli/cli-context';
import { ROW_ISSUE_PAGE } from '../../src-main/store';
import { ISSUE_PAGE_MAX_CASES } from '../../src-main/surface/procedures';
import { CASEDESK_BIN } from '../support/cli';

const CASES = 2 * ISSUE_PAGE_MAX_CASES + 150;
const dir = mkdtempSync(join(tmpdir(), 'casedesk-issues-cli-'));
const env = { ...process.env, CASEDESK_CONFIG_DIR: join(dir, 'config') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI to the end of its output ('close': a big answer may still be in the pipe at 'exit'). */
function casedesk(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CASEDESK_BIN, '--data-dir', join(dir, 'data'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Listed {
  id: string;
  code: string | null;
  severity: 'error' | 'warning' | 'fix';
}

let batchId = 0;
beforeAll(async () => {
  // Each case a phone and an amount fixed; every 7th without a name (a warning), every 50th with no such date (an error).
  const lines = ['DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < CASES; i++) {
    const name = i % 7 === 0 ? '' : `APELLIDO${i}, Nombre`;
    const date = i % 50 === 0 ? '31/02/2027' : '01/03/2027';
    lines.push(`${20_000_000 + i};${name};+54 9 351 600-${String(i).padStart(4, '0')};OP-${i};Visa;1.000,50;${date}`);
  }
  lines.push(';TOTAL;;;;9.999,00;');
  const file = join(dir, 'cartera.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const prepared = await casedesk('prepare', file, '--max-phone-priority', '2', '--json');
  expect(prepared.code, prepared.stderr).toBe(0);
  batchId = (JSON.parse(prepared.stdout) as { batchId: number }).batchId;
}, 60_000);

it('gives scripts every issue once, the row-level one first and the cases’ in case order, across pages of cases', async () => {
  const res = await casedesk('issues', String(batchId), '--json', '--lang', 'es');
  expect(res.code, res.stderr).toBe(0);
  const all = JSON.parse(res.stdout) as Listed[];
  expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
  expect(all[0]?.id).toMatch(/^row:/);
  const caseIds = all.slice(1).map((i) => Number(i.id.split(':')[1]));
  expect(caseIds).toEqual([...caseIds].sort((a, b) => a - b));
  expect(new Set(caseIds).size).toBe(CASES);
  // The same issues as the three severities listed apart.
  const bySeverity = await Promise.all(
    (['error', 'warning', 'fix'] as const).map(
      async (s) => JSON.parse((await casedesk('issues', String(batchId), '--json', '--severity', s)).stdout) as Listed[],
    ),
  );
  // Errors: the totals row and each impossible date; warnings: both names missing; fixes: phone, amount and date (but the impossible ones).
  expect(bySeverity.map((list) => list.length)).toEqual([1 + CASES / 50, 2 * Math.ceil(CASES / 7), 3 * CASES - CASES / 50]);
  expect(bySeverity.flat().length).toBe(all.length);
});

it('shows a person the same issues as tables of at most TABLE_ROWS rows, each with its header', async () => {
  const res = await casedesk('--lang', 'es', 'issues', String(batchId), '--severity', 'warning');
  expect(res.code, res.stderr).toBe(0);
  const lines = res.stdout.split('\n');
  const headers = lines.filter((l) => /^│ case\s+│ rows/.test(l)).length;
  const rows = lines.filter((l) => l.startsWith('│') && !/^│ case\s+│ rows/.test(l));
  expect(rows).toHaveLength(2 * Math.ceil(CASES / 7));
  expect(headers).toBe(Math.ceil(rows.length / TABLE_ROWS));
  expect(rows[0]).toMatch(/│ 20000000 │ 2 +│ warning +│ firstName +│ Falta /);
});

it('lists every row that became no case when they pass a page of them, each once, before the cases’', async () => {
  // The codes blank on all rows but each debtor's first: more rows without a case than ROW_ISSUE_PAGE.
  const lines = ['DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < ROW_ISSUE_PAGE + 20; i++) lines.push(`${i % 1000 === 0 ? 30_000_000 + i : ''};PEREZ, Ana;3514000001;OP-${i};Visa;100,50;01/03/2027`);
  const file = join(dir, 'sin-codigos.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const prepared = await casedesk('prepare', file, '--max-phone-priority', '2', '--json');
  expect(prepared.code, prepared.stderr).toBe(0);
  const res = await casedesk('issues', String((JSON.parse(prepared.stdout) as { batchId: number }).batchId), '--json', '--severity', 'error');
  expect(res.code, res.stderr).toBe(0);
  const listed = JSON.parse(res.stdout) as (Listed & { rows: number[] })[];
  const rows = listed.filter((i) => i.id.startsWith('row:'));
  expect(rows).toHaveLength(ROW_ISSUE_PAGE + 20 - Math.ceil((ROW_ISSUE_PAGE + 20) / 1000));
  expect(new Set(rows.map((i) => i.rows[0])).size).toBe(rows.length);
  expect(listed.slice(0, rows.length)).toEqual(rows);
}, 60_000);

it('says there is none when a severity has no issue', async () => {
  const ready = join(dir, 'sin-problemas.csv');
  writeFileSync(ready, 'DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento\n20111222;PEREZ, Ana;3514000001;OP-1;Visa;100.50;2027-03-01\n');
  const prepared = JSON.parse((await casedesk('prepare', ready, '--max-phone-priority', '2', '--json')).stdout) as { batchId: number };
  expect((await casedesk('--lang', 'es', 'issues', String(prepared.batchId), '--severity', 'error')).stdout).toBe('(ninguno)\n');
  expect(JSON.parse((await casedesk('issues', String(prepared.batchId), '--json', '--severity', 'error')).stdout)).toEqual([]);
});

it('writes a text as it is, a line separator (U+2028) in it too, the same JSON as one array written whole', async () => {
  const odd = join(dir, 'raro.csv');
  writeFileSync(
    odd,
    'DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento\n20111333;PEREZ, Ana;3514000001;OP-1;Visa;1\u202800,50;2027-03-01\n',
  );
  const prepared = JSON.parse((await casedesk('prepare', odd, '--max-phone-priority', '2', '--json')).stdout) as { batchId: number };
  const res = await casedesk('issues', String(prepared.batchId), '--json', '--severity', 'error');
  const list = JSON.parse(res.stdout) as { before?: string }[];
  expect(list.map((i) => i.before)).toEqual(['1\u202800,50']);
  expect(res.stdout).toBe(`${JSON.stringify(list, null, 2)}\n`);
});

it('ends quietly when its reader stops early (`| head`), with no error of its own', async () => {
  const child = spawn(process.execPath, [CASEDESK_BIN, '--data-dir', join(dir, 'data'), 'issues', String(batchId), '--json'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // The first bytes read, the pipe is closed: the rest of the answer (megabytes) has nowhere to go.
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(stderr.replace(/^casedesk: note .*\n/gm, '')).toBe('');
  expect(code).toBe(0);
});
