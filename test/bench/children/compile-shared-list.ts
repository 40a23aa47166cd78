// Bench child: the organization's list compiled from its file, as the app and the CLI compile it
// (streamed from the open file), timed inside its own process with that process's peak memory.
import { open } from 'node:fs/promises';
import { compileSharedList } from '../../../src-main/preparation/ledger/compile-shared-list';

const file = process.argv[2] ?? '';
const handle = await open(file);
const { size } = await handle.stat();
const started = performance.now();
const { list } = await compileSharedList(
  { name: file, size, read: async (into, position) => (await handle.read(into, 0, Math.min(into.length, size - position), position)).bytesRead },
  { defaultReason: 'other', addedAt: new Date().toISOString() },
);
const ms = performance.now() - started;
await handle.close();
process.stdout.write(
  JSON.stringify({
    ms,
    phones: list.phones.length,
    codes: list.codeKeys.length,
    problems: list.problemCount,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }) + '\n',
);
