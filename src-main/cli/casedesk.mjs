#!/usr/bin/env node
// The `casedesk` command: runs the CLI as built into out/cli (JavaScript, no compiling at run time).
// `npm install` builds it (the "prepare" script); `npm run build:cli` builds it again.
import { existsSync } from 'node:fs';

const built = new URL('../../out/cli/main.js', import.meta.url);
if (!existsSync(built)) {
  console.error('casedesk: the CLI is not built here; run `npm run build:cli` first.');
  process.exit(1);
}
// A reader that stops early (`casedesk issues 1 | head`) closes the pipe: the output ends where it
// chose, and the CLI ends quietly instead of failing on its next write.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const { main } = await import(built.href);
process.exitCode = await main(process.argv.slice(2));
