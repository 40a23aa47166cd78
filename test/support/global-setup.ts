// Once per test run: the renderer and the CLI are built fresh, so end-to-end tests drive the
// current screens and tests that run `casedesk` run the current code, never a stale build.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildRenderer } from '../../src-main/host/renderer-build';

export default async function setup(): Promise<void> {
  execFileSync(process.execPath, [join(import.meta.dirname, '../../scripts/build-cli.mjs')], { stdio: 'inherit' });
  await buildRenderer();
}
