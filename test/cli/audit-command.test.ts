// `casedesk audit` as an administrator would run it: what the CLI did on this computer, the files it
// wrote with their paths, and a plain refusal to call a trail intact when it was edited.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditListing } from '../../src-main/surface/procedures';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-audit-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function casedeskIn(data: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', data, ...args], { env: { ...process.env, CASEDESK_EMAIL: '', CASEDESK_PASSWORD: '' } });
}
const casedesk = (...args: string[]) => casedeskIn(dataDir, ...args);

// Each run of the CLI starts Node and loads the app: a second or more apiece on a busy machine.
describe('casedesk audit', { timeout: 120_000 }, () => {
  const report = join(dir, 'errores.xlsx');
  const payload = join(dir, 'payload.json');

  it('lists what the CLI did, oldest first, naming the files it wrote', async () => {
    const prepared = await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--env', 'test', '--json');
    const batchId = (JSON.parse(prepared.stdout) as { batchId: number }).batchId;
    expect((await casedesk('export', String(batchId), '--errors', report)).code).toBe(0);
    expect((await casedesk('payload', String(batchId), '--out', payload)).code).toBe(0);

    const res = await casedesk('audit', '--json');
    expect(res.code, res.stderr).toBe(0);
    const listing = JSON.parse(res.stdout) as AuditListing;
    expect(listing.chainOk).toBe(true);
    expect(listing.entries.map((e) => e.action)).toEqual(['file.received', 'batch.prepared', 'export.written', 'export.written']);
    const [opened, , errors, body] = listing.entries;
    // The file the CLI was named, by its name and size (files:open), as for a picked file.
    expect(opened).toMatchObject({ file: 'cartera-banco-del-sur.xlsx', bytes: readFileSync(SAMPLE).length, actor: { face: 'cli' } });
    // Once each, with the path (the 3 rejected cases and the 4 with warnings, 00012345's DNI-looking
    // code below 1,000,000 among them; the 8 ready ones):
    // the procedure's own record of a download is left to the CLI.
    expect(errors).toMatchObject({
      kind: 'error-report',
      batchId,
      count: 7,
      to: 'file',
      path: report,
      bytes: readFileSync(report).length,
      actor: { face: 'cli', environment: 'test' },
    });
    expect(body).toMatchObject({ kind: 'payload', batchId, count: 8, to: 'file', path: payload });
  });

  it('prints a table by default, and nothing before --since', async () => {
    const table = await casedesk('audit');
    expect(table.stdout).toMatch(/action/);
    expect(table.stdout).toMatch(/export\.written .*kind=error-report/s);
    expect(table.stdout).toContain(`path=${report}`);
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
    expect((await casedesk('audit', '--since', tomorrow)).stdout).toBe('(none)\n');
    // A bad option value is bad input, as docs/cli.md's exit codes say.
    expect((await casedesk('audit', '--since', 'ayer')).code).toBe(2);
  });

  it('says so, and exits 1, when the trail was edited or cut short', async () => {
    const file = join(dataDir, 'audit', 'audit.jsonl');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('"count":7', '"count":1'));
    const edited = await casedesk('audit');
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/not intact: prev-mismatch #4\. /);
    const es = await casedesk('--lang', 'es', 'audit');
    expect(es.code).toBe(1);
    expect(es.stderr).toMatch(/^casedesk: El registro de auditoría no está íntegro: prev-mismatch #4\. /m);

    // Dropping the latest entry keeps the chain, but not the head the store kept.
    writeFileSync(file, original.split('\n').slice(0, 3).join('\n') + '\n');
    const cut = await casedesk('audit', '--json');
    expect(cut.code).toBe(1);
    expect(JSON.parse(cut.stdout)).toMatchObject({ chainOk: false, breaks: [{ seq: 4, reason: 'head-missing' }] });
  });
});

describe("casedesk audit, an error report's count", { timeout: 120_000 }, () => {
  it("counts the report's suppressed cases too, as the app's record of a download does", async () => {
    const data = join(dir, 'data-suppressed');
    const report = join(dir, 'errores-suppressed.xlsx');
    // A case of the file listed: suppressed, it is in the error report (8 cases, not 7).
    expect((await casedeskIn(data, 'suppress', 'add', '--code', '29000111', '--reason', 'debtor-asked')).code).toBe(0);
    const prepared = await casedeskIn(data, 'prepare', SAMPLE, '--max-phone-priority', '2', '--env', 'test', '--json');
    const batchId = (JSON.parse(prepared.stdout) as { batchId: number }).batchId;
    expect((await casedeskIn(data, 'export', String(batchId), '--errors', report)).code).toBe(0);
    const listing = JSON.parse((await casedeskIn(data, 'audit', '--json')).stdout) as AuditListing;
    expect(listing.entries.find((e) => e.action === 'export.written')).toMatchObject({ kind: 'error-report', batchId, count: 8 });
  });
});
