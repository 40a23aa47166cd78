// `casedesk upload` says, before it sends anything, that loading cases starts a PAUSED campaign (the
// spec: PAUSED → ONGOING on upload), in the run's --lang, as a `casedesk: note CODE: …` line; into a
// campaign already calling it says nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-upload-starts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator();

const casedesk = (...args: string[]) =>
  runCasedesk(['--data-dir', join(dir, 'data'), ...args], {
    env: { ...process.env, CASEDESK_POLICY: '', CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password },
  });

async function prepare(): Promise<number> {
  return (JSON.parse((await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test')).stdout) as { batchId: number }).batchId;
}

describe('upload into a paused campaign through the CLI', { timeout: 120_000 }, () => {
  it('notes on stderr, before the progress, that loading the cases starts it; not again once it calls', async () => {
    const first = await prepare();
    const second = await prepare();
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    const created = JSON.parse(
      (
        await casedesk(
          ...['campaigns', 'create', '--bot', String(BOTS.voice), '--name', 'En pausa', '--dialing-type', 'HORIZONTAL_VERTICAL'],
          ...['--min-phone-priority', '0', '--max-phone-priority', '2', '--json'],
        )
      ).stdout,
    ) as { id: number; metrics: { status: string } };
    expect(created.metrics.status).toBe('PAUSED');

    const res = await casedesk('--lang', 'es', 'upload', String(first), '--campaign', String(created.id));
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stderr.split('\n');
    expect(lines[0]).toBe(
      `casedesk: note campaign.upload_starts: Cargar casos inicia la campaña ${created.id} (En pausa): el bot empieza a llamar en cuanto se cargan, dentro de su fecha y horario, aunque nadie la haya iniciado.`,
    );
    expect(lines.slice(1).join('\n')).toMatch(/\[enviando\]/);
    expect(emulator.current.core.db.prepare('SELECT status FROM campaigns WHERE id = ?').get(created.id)).toEqual({ status: 'ONGOING' });

    // Already calling: the next upload has nothing to say about starting it.
    const again = await casedesk('--lang', 'en', 'upload', String(second), '--campaign', String(created.id), '--reload-duplicates');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('campaign.upload_starts');
  });

  it('says it in English with --lang en', async () => {
    const batch = await prepare();
    // A campaign of one phone a case: the batch (three a case) does not fit it either, and that is said first.
    const created = JSON.parse((await casedesk('campaigns', 'create', '--bot', String(BOTS.voice), '--name', 'Paused', '--json')).stdout) as { id: number };
    const res = await casedesk('--lang', 'en', 'upload', String(batch), '--campaign', String(created.id));
    expect(res.code, res.stderr).toBe(0);
    const [fit, starts] = res.stderr.split('\n');
    expect(fit).toMatch(
      new RegExp(`^casedesk: note campaign\\.phones_over_limit: \\d+ case\\(s\\) have more than 1 phone\\(s\\), what campaign ${created.id} takes`),
    );
    expect(starts).toMatch(
      new RegExp(
        `^casedesk: note campaign\\.upload_starts: Loading cases starts campaign ${created.id} \\(Paused\\): the bot begins calling as soon as they are loaded`,
      ),
    );
  });
});
