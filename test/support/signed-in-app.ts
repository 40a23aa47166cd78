// An app context with a data folder of its own that signs in to a service as the demo user when a
// procedure needs it, and its surface; the folder goes after the file's tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { DEMO_USER } from './emulator';

export function signedInApp(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ctx = createAppContext({ dataDir: dir, credentials: () => DEMO_USER });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, ctx, surface: createSurface(ctx) };
}
