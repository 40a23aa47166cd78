// Added next to the default reporter: at the end of a run, the files that took longest, so the next
// one to make fast is plain to see (issue 31: the whole `npm test` within 10 minutes on two cores).
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  /** Importing the file and its modules, then running its hooks and tests, in seconds. */
  seconds: number;
}

/** The `count` slowest files, slowest first (ties by name, so two runs print alike). */
export function slowestFiles(times: readonly FileTime[], count: number): FileTime[] {
  return [...times].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file)).slice(0, count);
}

/** The block printed at the end of the run: one line a file, seconds right-aligned. */
export function formatSlowest(times: readonly FileTime[]): string {
  if (times.length === 0) return '';
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  const lines = times.map((t) => `${t.seconds.toFixed(1).padStart(7)} s  ${t.file}`);
  return [`Slowest ${times.length} test files (${total.toFixed(0)} s together):`, ...lines].join('\n');
}

export default class SlowestFilesReporter implements Reporter {
  private readonly count: number;

  // Vitest hands a reporter its options (an empty object when the config gives none).
  constructor(options: { count?: number } = {}) {
    this.count = options.count ?? 20;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const times = testModules.map((m) => {
      const d = m.diagnostic();
      return { file: m.relativeModuleId, seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000 };
    });
    const block = formatSlowest(slowestFiles(times, this.count));
    if (block) process.stdout.write(`\n${block}\n`);
  }
}
