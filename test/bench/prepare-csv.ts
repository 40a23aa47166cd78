// Benchmark: a bank's portfolio as CSV (`npm run bench -- prepare`, 100,000 rows; `--rows 1000000` or
// `--rows 100000,500000,1000000` for the big sizes, which take minutes). Each stage of prepareBatch is
// timed in its own process, beside a bare papaparse read of the same file and the whole `casedesk
// prepare` process as a user runs it (time and peak memory), the store's floor (the same cases written
// again with nothing else to do) and the store's bytes per case.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundled, child } from './prepare-batch';
import { printTable } from './report';
import { writeText } from './text-file';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'src-main/cli/casedesk.mjs');
const PEAK = join(import.meta.dirname, 'children/peak-rss.mjs');

/**
 * `rows` rows under a header, two phones each (a mobile and a Buenos Aires line, spelled as exports
 * spell them); one case in ten has a second product on a second row, one in 50 a phone that is no
 * number, one in 97 a date that is none, one in 1,000 shares its mobile with the case before.
 * Made once and kept in the temp folder between runs (1,000,000 rows are about 90 MB).
 */
export async function makeCsv(rows: number): Promise<string> {
  const file = join(tmpdir(), `casedesk-bench-csv-${rows}-v1.csv`);
  if (existsSync(file)) return file;
  await writeText(file, csvLines(rows));
  return file;
}

function* csvLines(rows: number): Generator<string> {
  yield 'DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento\n';
  let written = 0;
  for (let i = 0; written < rows; i++) {
    const mobileCase = i % 1000 === 999 ? i - 1 : i;
    const mobile = String(6_000_000 + (mobileCase % 4_000_000));
    const line = String(1_000_000 + (i % 9_000_000));
    const mobileCell = `+54 9 351 ${mobile.slice(0, 3)}-${mobile.slice(3)}`;
    const lineCell = i % 50 === 7 ? 'sin dato' : `011 4${line.slice(1, 4)}-${line.slice(4)}`;
    const date = i % 97 === 5 ? '31/02/2027' : `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/2027`;
    const products = i % 10 === 3 ? 2 : 1;
    for (let p = 0; p < products && written < rows; p++, written++) {
      const debt = p === 0 ? `${(i % 900) + 1}.${String(i % 1000).padStart(3, '0')},50` : `${(i % 5000) + 100},75`;
      yield `${20_000_000 + i};APELLIDO${i % 977}, Nombre ${i % 313};${mobileCell};${lineCell};OP-${i}-${p};${p === 0 ? 'Visa' : 'Prestamo'};${debt};${date}\n`;
    }
  }
}

/** The store's files (database, WAL) in bytes, once the process that wrote them has ended. */
function storeBytes(dataDir: string): number {
  let total = 0;
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(db|sqlite)(-wal)?$/.test(entry.name)) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * One `casedesk prepare` as a user runs it: wall time, peak memory, its summary and the store's size;
 * then what the batch screens ask of that batch, through the surface (children/batch-screens.ts).
 */
export function cliPrepare(
  file: string,
  screensScript: string,
): { ms: number; peakMb: number; summary: Record<string, unknown>; storeBytes: number; screens: Record<string, unknown> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-csv-cli-'));
  const peakFile = `${dataDir}-peak`;
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_PEAK_FILE: peakFile };
    delete env.CASEDESK_POLICY;
    const started = performance.now();
    const res = spawnSync(process.execPath, ['--import', PEAK, BIN, '--data-dir', dataDir, '--json', 'prepare', file, '--max-phone-priority', '2'], {
      encoding: 'utf8',
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const ms = performance.now() - started;
    if (res.status !== 0) throw new Error(`casedesk prepare exited ${res.status}: ${res.stderr}`);
    const summary = JSON.parse(res.stdout) as Record<string, unknown>;
    const bytes = storeBytes(dataDir);
    const screens = child(screensScript, [dataDir, 'exports']);
    return { ms, peakMb: Number(readFileSync(peakFile, 'utf8')), summary, storeBytes: bytes, screens };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(peakFile, { force: true });
  }
}

const COUNTS = ['cases', 'rows', 'ready', 'rejected', 'warnings', 'fixes', 'rowErrors', 'duplicates', 'suppressed'] as const;

function counts(summary: Record<string, unknown>): string {
  return COUNTS.map((k) => `${k} ${JSON.stringify(summary[k])}`).join(', ');
}

export async function benchPrepareCsv(sizes: readonly number[]): Promise<void> {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:cli failed: ${build.stderr}`);
  const bareScript = await bundled('csv-read.ts');
  const prepScript = await bundled('prepare.ts');
  const floorScript = await bundled('store-write.ts');
  const screensScript = await bundled('batch-screens.ts');
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (v: number) => `${v.toFixed(0)} MB`;
  for (const rows of sizes) {
    const load = loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ');
    const file = await makeCsv(rows);
    const bare = child(bareScript, [file]);
    const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-csv-'));
    const key = randomBytes(32).toString('hex');
    let prep: Record<string, unknown>;
    let floor: Record<string, unknown>;
    try {
      prep = child(prepScript, [file, dataDir, key]);
      floor = child(floorScript, [dataDir, `${dataDir}-floor`, key]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-floor`, { recursive: true, force: true });
    }
    const cli = cliPrepare(file, screensScript);
    const screenMs = cli.screens.ms as Record<string, number>;
    const ms = (label: string) => (screenMs[label] === undefined ? 'not run' : `${screenMs[label].toFixed(0)} ms`);
    const peak = (label: string) => (cli.screens.peakMb as Record<string, number>)[label] ?? NaN;
    const size = (label: string) => ((cli.screens.sizes as Record<string, number>)[label] ?? NaN) / 1024 ** 2;
    const stages = prep.stages as Record<string, number>;
    const summary = prep.summary as Record<string, unknown>;
    const bareMs = bare.ms as number;
    const n = (v: unknown) => (v as number).toLocaleString('en');
    printTable(`prepare of a CSV: ${n(rows)} rows, two phones each (${(statSync(file).size / 1024 ** 2).toFixed(1)} MB; load average before: ${load})`, [
      ['bare papaparse read of the file: time / peak memory', `${s(bareMs)} / ${mb(bare.maxRssMb as number)}`],
      [
        'casedesk prepare, whole process: time / peak memory',
        `${s(cli.ms)} (${(cli.ms / bareMs).toFixed(2)}× the bare read, ${(cli.ms / (floor.ms as number)).toFixed(2)}× the store's floor) / ${mb(cli.peakMb)} (targets at 1M: ≤ 1.5× the store's floor, ≤ 700 MB; see docs/architecture.md)`,
      ],
      [
        'prepareBatch alone, inside its process: time / peak memory',
        `${s(prep.ms as number)} (${((prep.ms as number) / bareMs).toFixed(2)}×) / ${mb(prep.maxRssMb as number)}`,
      ],
      ['  read (bytes → rows of cells)', s(prep.readMs as number)],
      ['  normalise (rows grouped by code, values into cases)', s(stages.normaliseMs ?? NaN)],
      ['  check (case rules, ledger, duplicates, shared phones)', s(stages.checkMs ?? NaN)],
      ['  encode (issues, search terms, case columns, handed to the writer)', s(stages.encodeMs ?? NaN)],
      ['  waiting for the writer thread', s(stages.waitMs ?? NaN)],
      ['  write (the writer thread busy, beside the rest) / after the last case', `${s(prep.writeMs as number)} / ${s(prep.writeAfterBuildMs as number)}`],
      ['  checkpoints (writer thread, between chunks and after the commit)', s((prep.checkpointMs as number | null) ?? NaN)],
      [
        "the store's floor: the same cases written again, alone, through the writer thread (to its last checkpoint)",
        `${s(floor.ms as number)} (${((floor.ms as number) / bareMs).toFixed(2)}× the bare read; casedesk prepare ${(cli.ms / (floor.ms as number)).toFixed(2)}× it); checkpoints ${s((floor.checkpointMs as number | null) ?? NaN)}`,
      ],
      ['the store, bytes per case', `${(cli.storeBytes / (summary.cases as number)).toFixed(0)} B (${mb(cli.storeBytes / 1024 ** 2)}; target ≤ 500 B)`],
      ['the batch list / opening the batch (its summary)', `${ms('list')} / ${ms('get')}`],
      ['grid: first rows / count / kinds of issue', `${ms('firstPage')} / ${ms('count')} / ${ms('kinds')}`],
      [
        'grid: a page by position, middle / end / first of "rejected" / a search',
        `${ms('middlePage')} / ${ms('lastPage')} / ${ms('rejectedFirstPage')} / ${ms('search')} (target < 20 ms)`,
      ],
      ['checks an opening runs: do-not-contact lists / duplicates', `${ms('checkLedger')} / ${ms('checkDuplicates')}`],
      [
        'error report / clean file (streamed .xlsx): time / size',
        `${ms('errorReport')} / ${ms('cleanFile')}; ${mb(size('errorReport'))} / ${mb(size('cleanFile'))}`,
      ],
      [
        "the screens' process, peak memory: before the exports / after the report / after the clean file",
        `${mb(peak('screens'))} / ${mb(peak('errorReport'))} / ${mb(peak('cleanFile'))}`,
      ],
      ['counts (prepareBatch)', counts(summary)],
      ['counts (casedesk prepare)', counts(cli.summary)],
    ]);
  }
}
