// docs/cli.md: an upload that paused exits 4 ("run it again to resume"), so a script can tell it from a
// finished one. The upload command sets process.exitCode; main() must return it, since casedesk.mjs
// writes main's answer over it (review finding: it returned 0).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-review-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator();

const casedesk = (...args: string[]) =>
  runCasedesk(['--data-dir', join(dir, 'data'), ...args], {
    env: { ...process.env, CASEDESK_POLICY: '', CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password },
  });

describe('a paused upload through the CLI', { timeout: 120_000 }, () => {
  it('exits 4, as docs/cli.md says', async () => {
    const prepared = JSON.parse((await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test')).stdout) as { batchId: number };
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    // A campaign the service does not have: the upload pauses at its first request (not-found).
    const res = await casedesk('--lang', 'es', 'upload', String(prepared.batchId), '--campaign', '999999', '--env', 'test');
    expect(res.stdout).toMatch(/^en pausa: 0 cargados, 0 rechazados, 8 pendientes, 1 solicitud\(es\)$/m);
    // Why, from the pause's code, in --lang.
    expect(res.stdout).toMatch(/^En pausa: La campaña 999999 no existe en el servicio/m);
    expect(res.code).toBe(4);
  });
});
