// `casedesk suppress …` and the ledger in `prepare` and `upload`, run as an agent's script would:
// child processes on one data folder, against the emulator.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Campaign } from '../../src-main/contract';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-suppress-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator();

function casedesk(args: string[], env: Record<string, string> = {}, data = dataDir): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', data, ...args], {
    env: { ...process.env, CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password, CASEDESK_POLICY: '', ...env },
  });
}

interface Entry {
  id: number;
  kind: string;
  value: string;
  reason: string;
  until: string | null;
  source: string;
  active: boolean;
}

describe('casedesk suppress', () => {
  it('adds a phone however it is written, and the same phone again replaces it', async () => {
    const first = await casedesk(['suppress', 'add', '--phone', '011 15-5555-6666', '--reason', 'wrong-number', '--json']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ kind: 'phone', value: '1155556666', reason: 'wrong-number', created: true });
    const again = await casedesk(['suppress', 'add', '--phone', '+54 9 11 5555 6666', '--reason', 'debtor-asked']);
    expect(again.stdout).toMatch(/^Replaced entry \d+: phone 1155556666 \(debtor-asked\)/);
  });

  it.each([
    [['suppress', 'add'], /^casedesk: Give exactly one of --phone P, --code C\.\n$/],
    [['suppress', 'add', '--phone', '1', '--code', '2'], /Give exactly one of --phone P, --code C/],
    [['--lang', 'es', 'suppress', 'add'], /^casedesk: Indique exactamente una de estas opciones: --phone P, --code C\.\n$/],
    [['suppress', 'add', '--code', '1', '--until', '31/12/2026'], /--until: "31\/12\/2026" is not a date YYYY-MM-DD/],
    [['suppress', 'add', '--code', '1', '--until', '2026-02-30'], /--until: "2026-02-30"/],
    [['suppress', 'add', '--code', '1', '--reason', 'bored'], /--reason: "bored" is not one of debtor-asked, /],
    [['--lang', 'es', 'suppress', 'add', '--code', '1', '--reason', 'bored'], /--reason: "bored" no es uno de debtor-asked, /],
    [['suppress', 'add', '--phone', '4444-5555'], /phone "4444-5555" is not one Argentine phone number \(no-area-code\)/],
    [['suppress', 'remove', 'x'], /<id>: "x" is not a whole number ≥ 1/],
  ])('refuses bad input with exit 2, saying what and where: %s', async (args, message) => {
    const res = await casedesk(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
  });

  it('imports a list, keeping the good rows and naming each bad one by file, row and column (exit 2)', async () => {
    const list = join(dir, 'no-llamar.csv');
    writeFileSync(list, 'DNI;Motivo;Hasta\n07654321;judicial;\n30111222;;2020-01-31\n99;porque sí;\n');
    const res = await casedesk(['suppress', 'import', list]);
    expect(res.code).toBe(2);
    // The code of the row with a reason nobody knows is held anyway, as "other": the safe side.
    expect(res.stdout).toMatch(/3 added, 0 replaced/);
    expect(res.stderr).toMatch(/no-llamar\.csv, sheet "[^"]+", row 4, column B: "porque sí" is not a reason CaseDesk knows\./);
    expect(res.stderr).toMatch(/1 row\(s\) of no-llamar\.csv were imported as held for ever or for reason "other"/);
    const listing = JSON.parse((await casedesk(['suppress', 'list', '--json'])).stdout) as { entries: Entry[] };
    expect(listing.entries.map((e) => [e.kind, e.value, e.reason, e.active])).toEqual([
      ['phone', '1155556666', 'debtor-asked', true],
      ['code', '07654321', 'legal', true],
      ['code', '30111222', 'other', false],
      ['code', '99', 'other', true],
    ]);
    const mapping = join(dir, 'mapping.json');
    writeFileSync(mapping, JSON.stringify({ columns: { reason: 'Motivo' } }));
    const badMapping = await casedesk(['suppress', 'import', list, '--mapping', mapping]);
    expect(badMapping.code).toBe(2);
    expect(badMapping.stderr).toMatch(/mapping file .*mapping\.json is not valid at columns: needs one of: phone, code$/m);
  });

  let batchId = 0;
  it('prepare --json counts what the ledger suppressed', async () => {
    const res = await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test']);
    expect(res.code).toBe(0);
    const summary = JSON.parse(res.stdout) as { batchId: number; suppressed: unknown; notices: unknown[]; ready: number };
    // 07654321 by code; 20123456 loses 1155556666 and keeps 1145678901.
    expect(summary).toMatchObject({ cases: 11, ready: 7, suppressed: { cases: 1, phones: 1 }, notices: [] });
    batchId = summary.batchId;
  });

  it('upload applies an entry added after preparing', async () => {
    expect((await casedesk(['login', '--env', 'test', '--base-url', emulator.current.url])).code).toBe(0);
    const created = Campaign.parse(
      JSON.parse(
        (await casedesk(['campaigns', 'create', '--bot', String(BOTS.voice), '--name', 'No contactar', '--max-phone-priority', '2', '--json'])).stdout,
      ),
    );
    expect((await casedesk(['suppress', 'add', '--code', '28999000', '--reason', 'deceased'])).code).toBe(0);
    const upload = await casedesk(['upload', String(batchId), '--campaign', String(created.id), '--json']);
    expect(JSON.parse(upload.stdout)).toMatchObject({ status: 'done', loaded: 6, suppressed: { cases: 1, phones: 0 }, notices: [] });
    const codes = (emulator.current.core.db.prepare('SELECT code FROM cases WHERE campaign_id = ?').all(created.id) as { code: string }[]).map((r) => r.code);
    expect(codes).not.toContain('28999000');
    expect(codes).not.toContain('07654321');
    const issues = JSON.parse((await casedesk(['issues', String(batchId), '--json', '--lang', 'en'])).stdout) as {
      code: string | null;
      kind: string;
      message: string;
    }[];
    expect(issues.find((i) => i.code === '28999000' && i.kind === 'suppressed-code')?.message).toMatch(/do-not-contact list \(deceased\)/);
    // The phone as the grid shows it, not the stored ten digits.
    expect(issues.find((i) => i.kind === 'suppressed-phone')?.message).toMatch(/^Phone 11 5555-6666 is on the do-not-contact list/);
  });

  it('removes an entry by id; removing it again is not found (exit 1)', async () => {
    const listing = JSON.parse((await casedesk(['suppress', 'list', '--json'])).stdout) as { entries: Entry[] };
    const id = listing.entries[0]?.id ?? 0;
    expect((await casedesk(['suppress', 'remove', String(id)])).stdout).toMatch(new RegExp(`^Removed entry ${id}: phone 1155556666`));
    const again = await casedesk(['suppress', 'remove', String(id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(new RegExp(`no ledger entry ${id}`));
  });

  it("says when the policy's shared list cannot be read, and refuses when it is required", async () => {
    const policy = join(dir, 'policy.json');
    writeFileSync(policy, JSON.stringify({ shared_ledger: 'compliance.xlsx' }));
    const warned = await casedesk(
      ['--lang', 'en', 'prepare', SAMPLE, '--max-phone-priority', '2', '--json'],
      { CASEDESK_POLICY: policy },
      join(dir, 'data-shared'),
    );
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(/warning ledger\.shared_unreadable: .*compliance\.xlsx could not be read \(missing\)/);
    expect(JSON.parse(warned.stdout)).toMatchObject({ notices: [{ code: 'ledger.shared_unreadable', params: { reason: 'missing' } }] });
    writeFileSync(policy, JSON.stringify({ shared_ledger: 'compliance.xlsx', shared_ledger_required: true }));
    const refused = await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2', '--json'], { CASEDESK_POLICY: policy }, join(dir, 'data-shared'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/do-not-contact list .*compliance\.xlsx cannot be read \(missing\)/);
    writeFileSync(join(dir, 'compliance.xlsx'), 'not really a workbook');
    writeFileSync(join(dir, 'compliance.csv'), 'Teléfono\n2615123456\n');
    writeFileSync(policy, JSON.stringify({ shared_ledger: 'compliance.csv', shared_ledger_required: true }));
    const applied = await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2', '--json'], { CASEDESK_POLICY: policy }, join(dir, 'data-shared'));
    expect(JSON.parse(applied.stdout)).toMatchObject({ suppressed: { cases: 1, phones: 1 }, notices: [] });
  });

  it("words the shared list's notices in --lang, each its code first, and the run goes on (exit 0)", async () => {
    const policy = join(dir, 'policy-notices.json');
    const list = join(dir, 'compliance-notices.csv');
    writeFileSync(policy, JSON.stringify({ shared_ledger: list }));
    const prepare = async (lang: 'es' | 'en') => {
      const res = await casedesk(
        ['--lang', lang, 'prepare', SAMPLE, '--max-phone-priority', '2', '--json'],
        { CASEDESK_POLICY: policy },
        join(dir, 'data-notices'),
      );
      expect(res.code, res.stderr).toBe(0);
      return res.stderr;
    };
    const org = (lang: 'es' | 'en') =>
      lang === 'es' ? `de la lista de no contactar de la organización ${list}` : `of the organization's do-not-contact list ${list}`;

    expect(await prepare('es')).toBe(
      `casedesk: warning ledger.shared_unreadable: No se pudo leer la lista de no contactar de la organización ${list} (missing); no se aplicó.\n`,
    );
    expect(await prepare('en')).toBe(
      `casedesk: warning ledger.shared_unreadable: The organization's do-not-contact list ${list} could not be read (missing); it was not applied.\n`,
    );

    writeFileSync(list, 'Teléfono\n2615123456\nno es un teléfono\n');
    expect(await prepare('es')).toBe(
      `casedesk: warning ledger.shared_bad_rows: 1 fila(s) ${org('es')} no se pudieron usar (la primera: fila 3, columna A, phone-invalid).\n`,
    );
    expect(await prepare('en')).toBe(
      `casedesk: warning ledger.shared_bad_rows: 1 row(s) ${org('en')} could not be used (the first: row 3, column A, phone-invalid).\n`,
    );

    // A row with neither phone nor code has no column to name.
    writeFileSync(list, 'Teléfono,Acreedor\n2615123456,\n,Banco del Sur\n');
    expect(await prepare('es')).toBe(
      `casedesk: warning ledger.shared_bad_rows: 1 fila(s) ${org('es')} no se pudieron usar (la primera: fila 3, no-phone-or-code).\n`,
    );
    expect(await prepare('en')).toBe(
      `casedesk: warning ledger.shared_bad_rows: 1 row(s) ${org('en')} could not be used (the first: row 3, no-phone-or-code).\n`,
    );
  }, 120_000);

  it("pages and searches the organization's list, applies it when a batch is uploaded, and refuses the upload while it cannot be read", async () => {
    const data = join(dir, 'data-national');
    const list = join(dir, 'no-llame.txt');
    const policy = join(dir, 'policy-national.json');
    writeFileSync(policy, JSON.stringify({ shared_ledger: list }));
    // A register as published: one number a line, no header; 250 numbers.
    const numbers = Array.from({ length: 250 }, (_, i) => String(1140000000 + i * 7));
    writeFileSync(list, numbers.join('\n') + '\n');
    const run = (args: string[]) => casedesk(args, { CASEDESK_POLICY: policy }, data);

    const page = await run(['--lang', 'es', 'suppress', 'list', '--offset', '240', '--limit', '50', '--json']);
    expect(page.code, page.stderr).toBe(0);
    const listing = JSON.parse(page.stdout) as { entries: Entry[]; shared: { count: number; matching: number; offset: number; required: string } };
    expect(listing.shared).toMatchObject({ count: 250, matching: 250, offset: 240, required: 'upload' });
    expect(listing.entries.map((e) => e.value)).toEqual(numbers.slice(240));
    const table = await run(['--lang', 'es', 'suppress', 'list', '--search', '011 4000-0007']);
    expect(table.stderr).toContain('250 entradas; 1 coinciden, se muestran de la 1 a la 1.');
    expect(table.stdout).toContain('1140000007');
    expect(table.stdout).not.toContain('1140000014');

    // Prepared before the list names 1155556666; the upload applies the list as it is then.
    const prepared = JSON.parse((await run(['prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test'])).stdout) as { batchId: number };
    writeFileSync(list, [...numbers, '+54 9 11 5555-6666'].join('\n') + '\n');
    expect((await run(['login', '--env', 'test', '--base-url', emulator.current.url])).code).toBe(0);
    const created = Campaign.parse(
      JSON.parse((await run(['campaigns', 'create', '--bot', String(BOTS.voice), '--name', 'Registro', '--max-phone-priority', '2', '--json'])).stdout),
    );
    const offline = join(dir, 'no-llame-movida.txt');
    // Offline (moved away): the upload is refused, nothing is sent.
    writeFileSync(policy, JSON.stringify({ shared_ledger: offline }));
    const refused = await run(['upload', String(prepared.batchId), '--campaign', String(created.id), '--json']);
    expect(refused.code).not.toBe(0);
    // The refusal names the list it could not read (the CLI words failures, it prints no code).
    expect(refused.stderr).toContain(offline);
    expect(emulator.current.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(created.id)).toEqual({ n: 0 });
    writeFileSync(policy, JSON.stringify({ shared_ledger: list }));
    const upload = await run(['upload', String(prepared.batchId), '--campaign', String(created.id), '--json']);
    expect(JSON.parse(upload.stdout)).toMatchObject({ status: 'done', suppressed: { phones: 1 }, notices: [] });
    const phones = (emulator.current.core.db.prepare('SELECT phones FROM cases WHERE campaign_id = ?').all(created.id) as { phones: string }[]).map(
      (r) => r.phones,
    );
    expect(phones.join(' ')).not.toContain('1155556666');
  }, 120_000);
});
