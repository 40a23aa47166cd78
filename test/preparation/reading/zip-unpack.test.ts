// A hostile .xlsx costs little before it is refused: limits hold on the bytes actually inflated,
// whatever its headers declare, and SheetJS only ever parses what passed.
import * as XLSX from '@e965/xlsx';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadError } from '../../../src-main/preparation/reading/read-errors';
import { READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';
import { readTable } from '../../../src-main/preparation/reading/read-table';
import { entryChunks, unpackZip } from '../../../src-main/preparation/reading/zip-unpack';
import { buildZip, deflatedRows, entriesOf, type ZipEntrySpec } from './fixtures/zip-builder';
import { formatFailure, type Failure } from '../../../src-main/domain/failures/failure';

/** A failure's words in Spanish, as the app's Spanish faces show them. */
const spanish = (err: Failure) => formatFailure('es', err.code, err.params);

const SHEET = 'xl/worksheets/sheet1.xml';
const dir = mkdtempSync(join(tmpdir(), 'casedesk-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real workbook's entries, with the sheet swapped for `sheet`. */
function workbookWith(sheet: (honest: ZipEntrySpec) => ZipEntrySpec): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([
      ['DNI', 'Nombre'],
      ['20111222', 'Ana'],
    ]),
    'Cartera',
  );
  const honest = entriesOf(XLSX.write(wb, { bookType: 'xlsx', type: 'buffer', compression: true }) as Buffer);
  return buildZip(honest.map((e) => (e.name === SHEET ? sheet(e) : e)));
}

async function refusal(bytes: Uint8Array, limits = READ_LIMITS): Promise<ReadError> {
  try {
    await readTable(bytes, 'hostil.xlsx', limits);
  } catch (err) {
    if (err instanceof ReadError) return err;
    throw err;
  }
  throw new Error('the file was read');
}

describe('reading an .xlsx under limits on what it really inflates to', () => {
  it('reads an honest workbook rebuilt entry by entry exactly as SheetJS does', async () => {
    const bytes = workbookWith((e) => e);
    const table = await readTable(bytes, 'cartera.xlsx');
    expect(table.sheets[0]?.rows).toEqual([
      ['DNI', 'Nombre'],
      ['20111222', 'Ana'],
    ]);
  });

  it('refuses a sheet that declares 0 bytes and inflates to 300 MB, in a process that stays small', () => {
    // The reviewer's file: today's guard trusted the declared 0 and SheetJS inflated it all (~2.8 GB).
    const file = join(dir, 'declara-cero.xlsx');
    writeFileSync(
      file,
      workbookWith(() => ({ name: SHEET, deflated: deflatedRows(300), declaredSize: 0 })),
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/read-child.ts'), file], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    const outcome = JSON.parse(child.stdout.trim()) as { code: string; maxRssMb: number };
    expect(outcome.code).toBe('read.zip_inflates');
    // Node, tsx and SheetJS alone take ~150 MB; the bomb may add little on top.
    expect(outcome.maxRssMb).toBeLessThan(400);
  });

  it('refuses an entry that inflates beyond the size it declares, naming it', async () => {
    const bytes = workbookWith(() => ({ name: SHEET, deflated: deflatedRows(4), declaredSize: 1024 * 1024 }));
    const err = await refusal(bytes);
    expect(err.code).toBe('read.zip_inflates');
    expect(Object.values(err.params)).toContain(SHEET);
    expect(spanish(err)).toContain(SHEET);
  });

  it('counts the inflated bytes against the total limit', async () => {
    const bytes = workbookWith(() => ({ name: SHEET, deflated: deflatedRows(8), declaredSize: 8 * 1024 * 1024 }));
    expect((await refusal(bytes, { ...READ_LIMITS, maxUnzippedBytes: 4 * 1024 * 1024 })).code).toBe('read.zip_too_large');
  });

  it('refuses a ratio past the limit from what the entry declares, before inflating it', async () => {
    const bytes = workbookWith(() => ({ name: SHEET, deflated: deflatedRows(300), declaredSize: 300 * 1024 * 1024 }));
    expect((await refusal(bytes)).code).toBe('read.zip_too_large');
  });

  it('refuses an entry that inflates to less than it declares, and two entries of one name', async () => {
    expect((await refusal(workbookWith((e) => ({ ...e, declaredSize: (e.declaredSize ?? 0) + 10 })))).code).toBe('read.damaged_archive');
    const twice = buildZip([...entriesOf(workbookWith((e) => e)), { name: SHEET, content: Buffer.from('<worksheet/>') }]);
    expect((await refusal(twice)).code).toBe('read.damaged_archive');
  });

  it('hands SheetJS only the entries that passed, each exactly as inflated', async () => {
    const entries = await unpackZip(workbookWith((e) => e));
    expect([...entries.keys()]).toContain(SHEET);
    expect(entries.get(SHEET)?.toString()).toContain('20111222');
  });
});

describe('one entry read as a stream (a corrected report of a million cases)', () => {
  const chunksOf = async (bytes: Uint8Array, name: string, limits = READ_LIMITS) => {
    const chunks: Buffer[] = [];
    for await (const chunk of entryChunks(bytes, name, limits)) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const refusedStreaming = (bytes: Uint8Array, name: string, limits = READ_LIMITS) =>
    chunksOf(bytes, name, limits).then(
      () => null,
      (err: unknown) => (err instanceof ReadError ? err.code : err),
    );

  it('gives the entry as unpackZip inflates it, and leaves it out of what unpackZip inflates when asked', async () => {
    const bytes = workbookWith((e) => e);
    const whole = await unpackZip(bytes);
    expect(await chunksOf(bytes, SHEET)).toEqual(whole.get(SHEET));
    const left = await unpackZip(bytes, READ_LIMITS, (name) => name === SHEET);
    expect(left.get(SHEET)?.length).toBe(0);
    expect([...left.keys()]).toEqual([...whole.keys()]);
  });

  it('is not held to the total a workbook read whole may inflate to, but to its own limit', async () => {
    // Rows of numbers that compress about 10 to 1 (a run of one row passes the ratio).
    const rows = Array.from({ length: 120_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${(i * 7919) % 1_000_003}</v></c></row>`).join('');
    const sheet = Buffer.from(`<worksheet><sheetData>${rows}</sheetData></worksheet>`);
    expect(sheet.length).toBeGreaterThan(5 * 1024 * 1024);
    const bytes = workbookWith(() => ({ name: SHEET, content: sheet }));
    const small = { ...READ_LIMITS, maxUnzippedBytes: 4 * 1024 * 1024 };
    expect((await refusal(bytes, small)).code).toBe('read.zip_too_large');
    expect((await chunksOf(bytes, SHEET, small)).equals(sheet)).toBe(true);
    expect(await refusedStreaming(bytes, SHEET, { ...small, maxStreamedEntryBytes: 4 * 1024 * 1024 })).toBe('read.zip_too_large');
  });

  it('refuses an entry that inflates past what it declares, a ratio past the limit, and an entry the zip lacks', async () => {
    expect(
      await refusedStreaming(
        workbookWith(() => ({ name: SHEET, deflated: deflatedRows(4), declaredSize: 1024 * 1024 })),
        SHEET,
      ),
    ).toBe('read.zip_inflates');
    expect(
      await refusedStreaming(
        workbookWith(() => ({ name: SHEET, deflated: deflatedRows(300), declaredSize: 300 * 1024 * 1024 })),
        SHEET,
      ),
    ).toBe('read.zip_ratio');
    expect(
      await refusedStreaming(
        workbookWith((e) => ({ ...e, declaredSize: (e.declaredSize ?? 0) + 10 })),
        SHEET,
      ),
    ).toBe('read.damaged_archive');
    expect(
      await refusedStreaming(
        workbookWith((e) => e),
        'xl/worksheets/sheet9.xml',
      ),
    ).toBe('read.damaged_archive');
  });
});
