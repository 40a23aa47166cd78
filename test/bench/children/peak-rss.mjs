// Loaded first (node --import) into a child the bench times as a user runs it: at exit, the process's
// peak memory (threads included) is written where BENCH_PEAK_FILE says.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_PEAK_FILE) writeFileSync(process.env.BENCH_PEAK_FILE, String(process.resourceUsage().maxRSS / 1024));
});
