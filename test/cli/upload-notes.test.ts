// Why an upload waits reaches the CLI as a code of the catalog (upload.progress.*) and is printed on
// stderr in the run's --lang, never in words the engine or the service chose.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { control } from '../client/helpers';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-upload-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator();

const casedesk = (...args: string[]) =>
  runCasedesk(['--data-dir', join(dir, 'data'), ...args], {
    env: { ...process.env, CASEDESK_POLICY: '', CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password },
  });

describe('progress notes of an upload through the CLI', { timeout: 120_000 }, () => {
  it('prints why it waits in --lang: checking what was loaded after a 500, then retrying', async () => {
    const prepared = JSON.parse((await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test')).stdout) as { batchId: number };
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    const created = JSON.parse(
      (
        await casedesk(
          'campaigns',
          'create',
          '--bot',
          String(BOTS.voice),
          '--name',
          'Con un 500',
          '--dialing-type',
          'HORIZONTAL_VERTICAL',
          '--min-phone-priority',
          '0',
          '--max-phone-priority',
          '2',
          '--max-calls-per-case',
          '1',
          '--json',
        )
      ).stdout,
    ) as { id: number };
    await control(emulator.current.url, 'faults', { fail_upload: [1] });
    const res = await casedesk('--lang', 'es', 'upload', String(prepared.batchId), '--campaign', String(created.id));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('— Consultando al servicio qué casos cargó.\n');
    expect(res.stderr).toContain('— El servicio falló (HTTP 500); se reintenta.\n');
    expect(res.stderr).not.toMatch(/Checking with|The service failed/);
  });
});
