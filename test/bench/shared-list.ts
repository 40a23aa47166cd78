// Benchmark: the organization's do-not-contact list at national-register size. A 3,000,000-number
// list is compiled once (timed alone, with its peak memory); then `casedesk prepare` runs as a user
// runs it, whole child processes, with the list's index current and without any list: a two-case file
// and the 100,000-case workbook, each pair in the same round.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundled, child, makeWorkbook } from './prepare-batch';
import { percentile, printTable } from './report';
import { writeText } from './text-file';
import { SHARED_LIST_INDEX } from '../../src-main/app/shared-list-index';
import { loadPolicy } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import { sharedLedger } from '../../src-main/app/shared-ledger';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'src-main/cli/casedesk.mjs');
const PEAK = join(import.meta.dirname, 'children/peak-rss.mjs');

/** Area codes with their subscriber lengths: Buenos Aires, Córdoba, Rosario, Mendoza, La Plata, Tucumán. */
const AREAS = [
  ['11', 8],
  ['351', 7],
  ['341', 7],
  ['261', 7],
  ['221', 7],
  ['381', 7],
] as const;

/** A list of `count` numbers, one a line under a header, as a national register is published. */
export async function makeRegister(count: number): Promise<string> {
  const file = join(tmpdir(), `casedesk-bench-register-${count}.csv`);
  if (existsSync(file)) return file;
  await writeText(file, registerLines(count));
  return file;
}

function* registerLines(count: number): Generator<string> {
  yield 'telefono\n';
  let seed = 7;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const [area, digits] = AREAS[seed % AREAS.length] as (typeof AREAS)[number];
    // Subscribers start with 4 to 6, as lines do.
    const subscriber = String(4 + (seed % 3)) + String(seed % 10 ** (digits - 1)).padStart(digits - 1, '0');
    yield `${area}${subscriber}\n`;
  }
}

function twoCaseFile(): string {
  const file = join(tmpdir(), 'casedesk-bench-two-cases.csv');
  writeFileSync(
    file,
    [
      'DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento',
      '20123456;PÉREZ, Ana;011 15-5555-6666;OP-1;Tarjeta;1.000,00;10/12/2026',
      '30111222;GÓMEZ, Luis;0351 456-7890;OP-2;Préstamo;2.500,50;15/01/2027',
    ].join('\n'),
  );
  return file;
}

/** One `casedesk prepare` as a user runs it: wall time and the process's peak memory. */
function prepare(file: string, policy: string | null, before?: (dataDir: string) => void): { ms: number; peakMb: number } {
  const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-list-'));
  const peakFile = join(dataDir, '..', `peak-${randomBytes(4).toString('hex')}`);
  try {
    before?.(dataDir);
    return prepareIn(dataDir, peakFile, file, policy);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(peakFile, { force: true });
  }
}

function prepareIn(dataDir: string, peakFile: string, file: string, policy: string | null, extra: string[] = []): { ms: number; peakMb: number } {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_PEAK_FILE: peakFile };
  delete env.CASEDESK_POLICY;
  if (policy) env.CASEDESK_POLICY = policy;
  const started = performance.now();
  const res = spawnSync(process.execPath, ['--import', PEAK, BIN, '--data-dir', dataDir, '--json', 'prepare', file, '--max-phone-priority', '2', ...extra], {
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (res.status !== 0) throw new Error(`casedesk prepare exited ${res.status}: ${res.stderr}`);
  return { ms, peakMb: Number(readFileSync(peakFile, 'utf8')) };
}

/** The list as the app reads it (browser host, desktop): compiled in the preparation worker, then kept. */
async function inTheApp(policyFile: string): Promise<{ compileMs: number; keptMs: number; indexMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-list-app-'));
  const policy = loadPolicy({ CASEDESK_POLICY: policyFile });
  const timed = async (ctx: AppContext) => {
    const started = performance.now();
    const shared = await sharedLedger(ctx, 'upload');
    if (!shared.list) throw new Error('the list was not read');
    return performance.now() - started;
  };
  const first = createAppContext({ dataDir, policy, preparationInWorker: true });
  const second = createAppContext({ dataDir, policy, preparationInWorker: true });
  try {
    const compileMs = await timed(first);
    const keptMs = await timed(first);
    const indexMs = await timed(second);
    return { compileMs, keptMs, indexMs };
  } finally {
    await first.close();
    await second.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchSharedList(count = Number(process.env.BENCH_REGISTER ?? 3_000_000), rounds = Number(process.env.BENCH_ROUNDS ?? 3)): Promise<void> {
  const load = loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:cli failed: ${build.stderr}`);
  const register = await makeRegister(count);
  const compileScript = await bundled('compile-shared-list.ts');
  const compiled = Array.from({ length: rounds }, () => child(compileScript, [register]));

  const policy = join(tmpdir(), `casedesk-bench-policy-${count}.json`);
  writeFileSync(policy, JSON.stringify({ shared_ledger: register }));
  const two = twoCaseFile();
  const workbook = makeWorkbook();
  // The first run compiles the list into its data folder's index; every run after starts from an empty
  // data folder holding that index (as an agent's folder does, without the batches earlier rounds made).
  const listDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-list-kept-'));
  const peakFile = join(tmpdir(), `casedesk-bench-peak-${randomBytes(4).toString('hex')}`);
  const firstRun = prepareIn(listDir, peakFile, two, policy);
  const index = readFileSync(join(listDir, SHARED_LIST_INDEX));
  rmSync(listDir, { recursive: true, force: true });
  rmSync(peakFile, { force: true });
  const withIndex = (file: string) => prepare(file, policy, (dataDir) => writeFileSync(join(dataDir, SHARED_LIST_INDEX), index, { mode: 0o600 }));
  const twoWithout: number[] = [];
  const twoWith: number[] = [];
  const bigWithout: { ms: number; peakMb: number }[] = [];
  const bigWith: { ms: number; peakMb: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    twoWithout.push(prepare(two, null).ms);
    twoWith.push(withIndex(two).ms);
    bigWithout.push(prepare(workbook, null));
    bigWith.push(withIndex(workbook));
  }
  const app = await inTheApp(policy);
  const median = (values: number[]) => percentile(values, 50);
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  const mb = (v: number) => `${v.toFixed(0)} MB`;
  const list = (values: number[], f: (v: number) => string) => values.map(f).join(', ');
  const ratio = (a: number[], b: number[]) => a.map((v, i) => (v / (b[i] ?? NaN)).toFixed(2)).join(', ');
  printTable(
    `the organization's list: ${count.toLocaleString('en')} numbers (${(statSync(register).size / 1024 ** 2).toFixed(0)} MB of CSV); ${rounds} rounds; load average before: ${load}`,
    [
      [
        'compile alone (time)',
        list(
          compiled.map((c) => c.ms as number),
          s,
        ),
      ],
      [
        'compile alone (peak memory)',
        list(
          compiled.map((c) => c.maxRssMb as number),
          mb,
        ),
      ],
      ['entries', `${String(compiled[0]?.phones)} phones, ${String(compiled[0]?.codes)} codes, ${String(compiled[0]?.problems)} rows not used`],
      ['CLI first run with the list (compiles)', `${s(firstRun.ms)}, peak ${mb(firstRun.peakMb)}`],
      ['app: first read (compiled in its worker)', s(app.compileMs)],
      ['app: next read (kept in memory)', `${app.keptMs.toFixed(1)} ms`],
      ['app: a new start (the index current)', s(app.indexMs)],
      ['two-case prepare, no list', list(twoWithout, s)],
      ['two-case prepare, index current', list(twoWith, s)],
      ['  ratio (each round)', `${ratio(twoWith, twoWithout)} (median ${(median(twoWith) / median(twoWithout)).toFixed(2)}; target ≤ 1.5)`],
      [
        '100,000 cases, no list',
        list(
          bigWithout.map((r) => r.ms),
          s,
        ) +
          `; peak ${list(
            bigWithout.map((r) => r.peakMb),
            mb,
          )}`,
      ],
      [
        '100,000 cases, index current',
        list(
          bigWith.map((r) => r.ms),
          s,
        ) +
          `; peak ${list(
            bigWith.map((r) => r.peakMb),
            mb,
          )}`,
      ],
      [
        '  ratio (each round)',
        `${ratio(
          bigWith.map((r) => r.ms),
          bigWithout.map((r) => r.ms),
        )} (median ${(median(bigWith.map((r) => r.ms)) / median(bigWithout.map((r) => r.ms))).toFixed(2)}; target ≤ 1.15); memory +${list(
          bigWith.map((r, i) => r.peakMb - (bigWithout[i]?.peakMb ?? NaN)),
          mb,
        )} (target ≤ +100 MB)`,
      ],
    ],
  );
}
