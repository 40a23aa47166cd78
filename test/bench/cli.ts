// Benchmark: the `casedesk` CLI as a user runs it, each run a whole child process (Node's start,
// loading the built code, the work, the exit). `--help` must answer at once; `prepare` of the
// 100,000-case workbook is compared with a bare SheetJS read of the same file in the same run.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundled, child, makeWorkbook } from './prepare-batch';
import { percentile, printTable } from './report';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'src-main/cli/casedesk.mjs');

/** Wall time of one run of the CLI, in ms; a failed run stops the benchmark. */
function timeCli(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  const res = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env, maxBuffer: 16 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (res.status !== 0) throw new Error(`casedesk ${args.join(' ')} exited ${res.status}: ${res.stderr}`);
  return ms;
}

/** Wall time of a whole child process running this script. */
function timeChild(script: string, args: string[]): { wallMs: number; result: Record<string, unknown> } {
  const started = performance.now();
  const result = child(script, args);
  return { wallMs: performance.now() - started, result };
}

export async function benchCli(helpRuns = Number(process.env.BENCH_HELP_RUNS ?? 15), rounds = Number(process.env.BENCH_ROUNDS ?? 3)): Promise<void> {
  // Taken before this bench adds its own: on two shared cores, a load near 2 or more inflates every
  // figure here, the CLI's (two threads) most.
  const load = loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
  // What `npm install` builds: the bench times the current sources.
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:cli failed: ${build.stderr}`);

  timeCli(['--help']); // the first run warms the disk cache
  const help = Array.from({ length: helpRuns }, () => timeCli(['--help']));
  const prepareHelp = Array.from({ length: helpRuns }, () => timeCli(['prepare', '--help']));

  const file = makeWorkbook();
  const bareScript = await bundled('sheet-read.ts');
  // prepareBatch alone, timed inside its process (prepare-batch.ts's child): what the CLI adds is the rest.
  const prepScript = await bundled('prepare.ts');
  const bareMs: number[] = [];
  const bareWallMs: number[] = [];
  const prepMs: number[] = [];
  const cliMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const bare = timeChild(bareScript, [file]);
    bareMs.push(bare.result.ms as number);
    bareWallMs.push(bare.wallMs);
    const prepDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-cli-prep-'));
    try {
      prepMs.push(child(prepScript, [file, prepDir, randomBytes(32).toString('hex')]).ms as number);
    } finally {
      rmSync(prepDir, { recursive: true, force: true });
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-cli-'));
    try {
      // CASEDESK_DB_KEY is the bench's own (run-all.ts): the user's keychain is never touched.
      cliMs.push(timeCli(['--data-dir', dataDir, '--json', 'prepare', file, '--max-phone-priority', '2']));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const median = (values: number[]) => percentile(values, 50);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  const list = (values: number[], f: (v: number) => string) => values.map(f).join(', ');
  const ratios = cliMs.map((v, i) => v / (bareMs[i] ?? NaN));
  const wallRatios = cliMs.map((v, i) => v / (bareWallMs[i] ?? NaN));
  const prepRatios = prepMs.map((v, i) => v / (bareMs[i] ?? NaN));
  const cliOverMs = cliMs.map((v, i) => v - (prepMs[i] ?? NaN));
  printTable(
    `casedesk CLI, whole child processes (help: median of ${helpRuns} runs; prepare: median of ${rounds} rounds alternating with the bare read and prepareBatch alone; load average before: ${load})`,
    [
      ['casedesk --help', `${ms(median(help))}  (min ${ms(Math.min(...help))}, max ${ms(Math.max(...help))}; target ≤ 500 ms)`],
      ['casedesk prepare --help', `${ms(median(prepareHelp))}  (min ${ms(Math.min(...prepareHelp))}, max ${ms(Math.max(...prepareHelp))})`],
      ['bare SheetJS read: the read itself / its whole process', `${s(median(bareMs))} / ${s(median(bareWallMs))}  (rounds ${list(bareMs, s)})`],
      ['casedesk prepare (whole process)', `${s(median(cliMs))}  (rounds ${list(cliMs, s)})`],
      ['casedesk prepare ÷ the bare read itself', `${median(ratios).toFixed(2)}×  (rounds ${list(ratios, (v) => v.toFixed(2))}; target ≤ 1.2×)`],
      ["casedesk prepare ÷ the bare read's whole process", `${median(wallRatios).toFixed(2)}×  (rounds ${list(wallRatios, (v) => v.toFixed(2))})`],
      [
        'prepareBatch alone, inside its process ÷ the bare read',
        `${median(prepRatios).toFixed(2)}×  (${s(median(prepMs))}; rounds ${list(prepRatios, (v) => v.toFixed(2))})`,
      ],
      ['what the CLI adds to prepareBatch (start, loading, file, exit)', `${s(median(cliOverMs))}  (rounds ${list(cliOverMs, s)})`],
    ],
  );
}
