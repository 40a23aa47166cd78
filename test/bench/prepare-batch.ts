// Benchmark: preparing a 100,000-case creditor workbook (about 130,000 rows, 3 phone columns, some
// multi-product cases), against a bare SheetJS read of the same file, in one run; then paging the
// stored batch. Each side runs in its own process so peak memory (max RSS) is its own.
import * as XLSX from '@e965/xlsx';
import type { BuildOptions } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editCase, type CaseChanges } from '../../src-main/preparation/edit-batch';
import { findCaseByCode, openStore, pageBatchCases, type Store } from '../../src-main/store';
import { countCasesByKind, countMatchingCases, pageCases, type CaseFilter } from '../../src-main/store/case-query';
import { percentile, printTable } from './report';

const CHILDREN = join(import.meta.dirname, 'children');

/** The workbook, made once and kept in the temp folder between runs. */
export function makeWorkbook(cases = 100_000): string {
  const file = join(tmpdir(), `casedesk-bench-${cases}-v3.xlsx`);
  if (existsSync(file)) return file;
  const rows: (string | number | Date)[][] = [
    ['Banco del Sur - cartera'],
    [],
    [
      'DNI',
      'Apellido y Nombre',
      'Tel. Particular',
      'Celular',
      'Tel. Laboral',
      'Nro Operación',
      'Producto',
      'Saldo',
      'Vencimiento',
      'Sucursal',
      'Cuotas',
      'Observaciones',
    ],
  ];
  // Every case has its own numbers (as in a real list), spelled three messy ways. Subscribers start
  // with 4 or 6 (none with 0 or 1) and none is a placeholder run: every one is a real number.
  const spellings = (i: number) => {
    const n = String(1_000_000 + i);
    const mobile = String(6_000_000 + i);
    return [
      `011 4${n.slice(1, 4)}-${n.slice(3)}`,
      `+54 9 351 ${mobile.slice(0, 3)}-${mobile.slice(3)}`,
      i % 7 === 0 ? 'sin dato' : `0341 15 ${String(4_000_000 + i).slice(0, 3)} ${String(4_000_000 + i).slice(3)}`,
    ];
  };
  for (let i = 0; i < cases; i++) {
    const products = i % 10 < 3 ? 2 : 1; // 30% of cases have two products: ~130,000 rows
    for (let p = 0; p < products; p++) {
      const [home, mobile, work] = spellings(i);
      rows.push([
        String(20_000_000 + i),
        `APELLIDO${i % 977}, Nombre ${i % 313}`,
        home ?? '',
        p === 0 ? (mobile ?? '') : '',
        work ?? '',
        `OP-${i}-${p}`,
        p === 0 ? 'Tarjeta Visa' : 'Préstamo',
        p === 0 ? 1000 + (i % 50000) + 0.5 : `${(i % 900) + 1}.${String(i % 1000).padStart(3, '0')},75`,
        new Date(Date.UTC(2027, i % 12, 1 + (i % 28))),
        'Centro',
        (i % 24) + 1,
        'texto libre',
      ]);
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dense: true }), 'Cartera');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  return file;
}

/**
 * Each side is bundled the way the app ships its main process (esbuild, no tsx): tsx keeps every
 * function's name with a helper call, which costs prepare's hot loops a noticeable share.
 */
export async function bundled(script: string): Promise<string> {
  const { build } = await import('esbuild');
  // Inside the project (out/ is ignored by git) so the bundle finds SQLite's native module in node_modules.
  const outdir = join(import.meta.dirname, '../../out/bench');
  const options: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3-multiple-ciphers'],
    logLevel: 'error',
    // Named apart: some bundled modules import createRequire themselves.
    banner: { js: "import { createRequire as benchCreateRequire } from 'node:module'; const require = benchCreateRequire(import.meta.url);" },
  };
  const outfile = join(outdir, script.replace(/\.ts$/, '.mjs'));
  await build({ ...options, entryPoints: [join(CHILDREN, script)], outfile });
  // The batch writer thread's code sits beside the bundle, as in the packaged app.
  await build({
    ...options,
    entryPoints: [join(import.meta.dirname, '../../src-main/store/batch-writer-worker.ts')],
    outfile: join(outdir, 'batch-writer-worker.js'),
  });
  return outfile;
}

export function child(file: string, args: string[]): Record<string, unknown> {
  const res = spawnSync(process.execPath, [file, ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, cwd: join(import.meta.dirname, '../..') });
  if (res.status !== 0) throw new Error(`${file} failed: ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
}

const median = (values: number[]) => percentile(values, 50);

/**
 * What the batch grid asks the store for (batches:cases): a page by position, at the start, the middle
 * and the end of what each filter matches. The keyset page above walks a whole batch (the upload payload).
 */
function gridPageTimes(store: Store, batchId: number): number[] {
  const filters: CaseFilter[] = [
    {},
    { status: 'ready' },
    { status: 'warning' },
    ...countCasesByKind(store.db, batchId).map((k) => ({ kind: k.kind })),
    { search: 'apellido12' }, // APELLIDO12 and APELLIDO120 to 129: about one case in 90
  ];
  const ms: number[] = [];
  for (const filter of filters) {
    const matching = countMatchingCases(store.db, batchId, filter);
    for (const offset of [0, Math.floor(matching / 2), Math.max(0, matching - 200)]) {
      const t = performance.now();
      pageCases(store.db, batchId, filter, offset, 200);
      ms.push(performance.now() - t);
    }
  }
  return ms;
}

/**
 * One case edited at a time in the stored batch, as the case drawer sends a field when it is left: a
 * phone (its shared-phone count follows), a name (the debtor behind its phones), a debt (neither).
 */
function editTimes(store: Store, batchId: number, edits = 30): Record<string, number[]> {
  const kinds: Record<string, (k: number) => CaseChanges> = {
    phone: (k) => ({ phones: [`011 4999-${1000 + k}`] }),
    'last name': (k) => ({ lastName: `OTRO${k}` }),
    debt: (k) => ({ products: [{ index: 0, debt: String(1234 + k) }] }),
  };
  const times: Record<string, number[]> = {};
  for (const [what, change] of Object.entries(kinds)) {
    times[what] = [];
    for (let k = 0; k < edits; k++) {
      const caseId = findCaseByCode(store.db, batchId, String(20_000_000 + 3_001 * k + 7));
      if (caseId === null) throw new Error(`bench: no case ${k}`);
      const t = performance.now();
      editCase(store, batchId, caseId, change(k));
      times[what].push(performance.now() - t);
    }
  }
  return times;
}

/**
 * Rounds alternate the sides (bare read, prepare into an encrypted store as the app does, prepare
 * into a plain one) so all meet the same moments of this shared machine; the figures are medians over
 * the rounds and each round's own ratio is printed.
 */
export async function benchPrepare(rounds = Number(process.env.BENCH_ROUNDS ?? 3)): Promise<void> {
  const file = makeWorkbook();
  const bareScript = await bundled('sheet-read.ts');
  const prepScript = await bundled('prepare.ts');
  const bares: Record<string, unknown>[] = [];
  const preps: Record<string, unknown>[] = [];
  const plains: Record<string, unknown>[] = [];
  const key = randomBytes(32);
  let dataDir = '';
  try {
    for (let round = 0; round < rounds; round++) {
      bares.push(child(bareScript, [file]));
      const plainDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-prepare-plain-'));
      plains.push(child(prepScript, [file, plainDir, 'plain']));
      rmSync(plainDir, { recursive: true, force: true });
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-prepare-'));
      preps.push(child(prepScript, [file, dataDir, key.toString('hex')]));
    }
    const prep = preps[preps.length - 1] ?? {};
    const summary = prep.summary as { batchId: number; cases: number; ready: number; rejected: number };
    const store = openStore(dataDir, key);
    const pageMs: number[] = [];
    for (const status of [undefined, 'ready', 'warning', 'rejected'] as const) {
      // First, middle and last pages: keyset paging costs the same everywhere.
      for (const afterId of [0, 50_000, 99_800]) {
        const t = performance.now();
        pageBatchCases(store.db, summary.batchId, { status, afterId, limit: 200 });
        pageMs.push(performance.now() - t);
      }
    }
    const gridMs = gridPageTimes(store, summary.batchId);
    const editMs = editTimes(store, summary.batchId);
    store.close();
    const of = (runs: Record<string, unknown>[], key: string) => runs.map((r) => r[key] as number);
    const bareMs = median(of(bares, 'ms'));
    const prepMs = median(of(preps, 'ms'));
    const ratios = preps.map((p, i) => (p.ms as number) / ((bares[i]?.ms as number) ?? NaN));
    const plainMs = median(of(plains, 'ms'));
    const plainRatios = plains.map((p, i) => (p.ms as number) / ((bares[i]?.ms as number) ?? NaN));
    const encryptionCost = preps.map((p, i) => (p.ms as number) / ((plains[i]?.ms as number) ?? NaN));
    const bareRss = median(of(bares, 'maxRssMb'));
    const extraRss = preps.map((p, i) => (p.maxRssMb as number) - ((bares[i]?.maxRssMb as number) ?? NaN));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const list = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(', ');
    printTable(
      `prepare: ${summary.cases.toLocaleString('en')} cases from ${(bares[0]?.rows as number).toLocaleString('en')} rows (${(statSync(file).size / 1024 ** 2).toFixed(1)} MB .xlsx), median of ${rounds} alternating rounds`,
      [
        [
          'bare SheetJS read: time',
          `${seconds(bareMs)}  (rounds: ${list(
            of(bares, 'ms').map((v) => v / 1000),
            2,
          )} s)`,
        ],
        ['bare SheetJS read: peak memory (max RSS)', `${bareRss.toFixed(0)} MB`],
        ['prepare into the encrypted store (as the app does): time', `${seconds(prepMs)}  (${(prepMs / bareMs).toFixed(2)}× the bare read; target ≤ 1.5×)`],
        ['prepare ÷ bare read, each round', `${list(ratios, 2)}  (worst ${Math.max(...ratios).toFixed(2)}×)`],
        [
          'prepare into a plain store (no encryption): time',
          `${seconds(plainMs)}  (${(plainMs / bareMs).toFixed(2)}× the bare read; rounds ${list(plainRatios, 2)})`,
        ],
        [
          'encrypted ÷ plain prepare, each round',
          `${list(encryptionCost, 2)}  (median ${median(encryptionCost).toFixed(2)}×; writer thread ${seconds(median(of(preps, 'writeMs')))} encrypted vs ${seconds(median(of(plains, 'writeMs')))} plain)`,
        ],
        [
          'prepare: peak memory (max RSS)',
          `${median(of(preps, 'maxRssMb')).toFixed(0)} MB  (bare + ${median(extraRss).toFixed(0)} MB, worst round + ${Math.max(...extraRss).toFixed(0)} MB; target ≤ +200 MB)`,
        ],
        ['prepare: of which reading the file', seconds(median(of(preps, 'readMs')))],
        ['prepare: of which building and checking the cases', seconds(median(of(preps, 'buildMs')))],
        [
          'prepare: writing the batch to the store, chunks and last commit (own thread, beside the build)',
          `${seconds(median(of(preps, 'writeMs')))}  (worst round ${seconds(Math.max(...of(preps, 'writeMs')))}; target < 2 s)`,
        ],
        ['prepare: of which after the last case was built (last rows, commit)', seconds(median(of(preps, 'writeAfterBuildMs')))],
        [
          'and its checkpoints, copying the batch into the file (same thread: between chunks, and the last after the commit)',
          `${seconds(median(of(preps, 'checkpointMs')))}  (writer thread in all ${seconds(median(preps.map((p) => (p.writeMs as number) + (p.checkpointMs as number))))})`,
        ],
        ['ready / rejected', `${summary.ready.toLocaleString('en')} / ${summary.rejected.toLocaleString('en')}`],
        [
          'page of 200 cases, any status filter: median / max',
          `${percentile(pageMs, 50).toFixed(2)} ms / ${Math.max(...pageMs).toFixed(2)} ms  (target < 20 ms)`,
        ],
        [
          "the grid's page of 200 cases by position (no filter, a status, each issue kind, a search): median / max",
          `${percentile(gridMs, 50).toFixed(2)} ms / ${Math.max(...gridMs).toFixed(2)} ms  (${gridMs.length} pages; target < 20 ms)`,
        ],
        ...Object.entries(editMs).map(([what, ms]): [string, string] => [
          `the agent edits one case's ${what} (the drawer's save): median / p95 / max`,
          `${percentile(ms, 50).toFixed(1)} ms / ${percentile(ms, 95).toFixed(1)} ms / ${Math.max(...ms).toFixed(1)} ms  (${ms.length} edits)`,
        ]),
      ],
    );
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
