// Files reach the procedures only as ids of files handed over to this process: the renderer's bytes
// (files:receive) or, for the CLI alone, a path of the user's own (files:open). No caller can make
// CaseDesk read any other file of the machine.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorReportSheets } from '../../src-main/exports/batch-exports';
import { CORRECTIONS_SHEET } from '../../src-main/preparation/corrections-sheet';
import { workbookBytes } from '../../src-main/exports/xlsx-writer';
import { READ_LIMITS } from '../../src-main/preparation/reading/read-limits';
import { createBatch, getBatch } from '../../src-main/store';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { readTree } from '../support/file-tree';
import { handOver } from '../support/source-file';
import { failureClass } from '../../src-main/domain/failures/failure';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-received-'));
const ctx = createAppContext({ dataDir: join(dir, 'data') });
const other = createAppContext({ dataDir: join(dir, 'other') });
afterAll(async () => {
  await ctx.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the renderer and the browser host get: a surface without local files. */
const app = createSurface(ctx);
/** What the CLI gets. */
const cli = createSurface(ctx, { localFiles: true });
const MADE_UP_ID = 'A'.repeat(43);

describe('a file handed over with files:receive', () => {
  it('is named by an opaque id, never by where the app keeps its copy', async () => {
    const answer = await app.call('files:receive', { name: 'cartera-banco-del-sur.xlsx', base64: readFileSync(SAMPLE).toString('base64') });
    expect(answer).toMatchObject({ ok: true, value: { name: 'cartera-banco-del-sur.xlsx', bytes: readFileSync(SAMPLE).length } });
    if (!answer.ok) return;
    expect(answer.value.fileId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(answer)).not.toContain(dir);
  });

  it("is inspected and prepared by its id, the batch named after the agent's own file name", async () => {
    const fileId = await handOver(app, SAMPLE);
    const inspected = await app.call('batches:inspect', { fileId });
    expect(inspected).toMatchObject({ ok: true, value: { fileName: 'cartera-banco-del-sur.xlsx', sheet: 'Cartera', headerRow: 4 } });
    // The preview reads as an Argentine reads it: an amount with a decimal comma, a date day first.
    if (!inspected.ok) return;
    const first = inspected.value.preview[0] ?? [];
    expect(first[inspected.value.headers.indexOf('Saldo')]).toBe('152340,5');
    expect(first[inspected.value.headers.indexOf('Vencimiento')]).toBe('10/12/2026');
    const prepared = await app.call('batches:prepare', { environment: 'demo', fileId, maxPhonePriority: 2 });
    expect(prepared).toMatchObject({ ok: true, value: { cases: 11, ready: 8, rejected: 3 } });
    if (!prepared.ok) return;
    const batch = getBatch(ctx.store.db, prepared.value.batchId);
    expect(batch).toMatchObject({ name: 'cartera-banco-del-sur.xlsx · Cartera', sourceFile: 'cartera-banco-del-sur.xlsx' });
  });

  it('brings corrections back into a batch by its id', async () => {
    const prepared = await app.call('batches:prepare', { environment: 'demo', fileId: await handOver(app, SAMPLE), maxPhonePriority: 2 });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const rows = [...(errorReportSheets(ctx.store, prepared.value.batchId)[0]?.rows ?? [])];
    const corrected = rows.map((r) => (r[0] === '33444555' ? [...r.slice(0, 8), '28/02/2027', ...r.slice(9)] : r));
    const report = join(dir, 'errores corregidos.xlsx');
    writeFileSync(report, await workbookBytes([{ name: CORRECTIONS_SHEET, rows: corrected }]));
    const imported = await app.call('batches:importCorrections', { batchId: prepared.value.batchId, fileId: await handOver(app, report) });
    expect(imported).toMatchObject({ ok: true, value: { unknownCodes: [] } });
    if (imported.ok) expect(imported.value.updated).toBeGreaterThan(0);
  });

  it('is read under its own name in messages, however the app stored its copy', async () => {
    const answer = await app.call('files:receive', {
      name: 'cartera (copia) #2.xlsx',
      base64: Buffer.from([0, 1, 2, 3, 250, 251, 0, 0, 9]).toString('base64'),
    });
    if (!answer.ok) throw new Error(answer.error.message);
    const inspected = await app.call('batches:inspect', { fileId: answer.value.fileId });
    expect(inspected).toMatchObject({
      ok: false,
      error: { code: 'read.not_a_spreadsheet', message: 'cartera (copia) #2.xlsx is not a spreadsheet or a text file.' },
    });
  });

  it('keeps only the last part of the name a caller gives, so the copy stays in the data folder', async () => {
    const answer = await app.call('files:receive', { name: '../../../../tmp/fuera.csv', base64: Buffer.from('a;b\n1;2\n').toString('base64') });
    expect(answer).toMatchObject({ ok: true, value: { name: 'fuera.csv' } });
  });

  it('is refused when empty', async () => {
    expect(await app.call('files:receive', { name: 'vacio.csv', base64: '' })).toMatchObject({
      ok: false,
      error: { code: 'file.empty', message: 'vacio.csv is empty.' },
    });
  });
});

describe('a path instead of a file id', () => {
  it('is refused by every procedure that reads a file, and nothing of the file comes back', async () => {
    const batchId = createBatch(ctx.store.db, { environment: 'demo', name: 'cartera', sourceFile: 'cartera.xlsx', maxPhonePriority: 2 });
    const answers = [
      await app.call('batches:inspect', { file: '/etc/passwd' }),
      await app.call('batches:prepare', { file: '/etc/passwd', maxPhonePriority: 0 }),
      await app.call('batches:importCorrections', { batchId, file: '/etc/passwd' }),
      await app.call('batches:inspect', { fileId: '/etc/passwd' }),
    ];
    const refusedCleanly = (answer: (typeof answers)[number]) =>
      !answer.ok && failureClass(answer.error.code) === 'invalid-input' && !/root:|passwd/.test(JSON.stringify(answer));
    expect(answers.filter((answer) => !refusedCleanly(answer))).toEqual([]);
  });

  it('an id this process never issued is not found, and the answer names no path', async () => {
    for (const answer of [
      await app.call('batches:inspect', { fileId: MADE_UP_ID }),
      await app.call('batches:prepare', { fileId: MADE_UP_ID, maxPhonePriority: 0 }),
    ]) {
      expect(answer).toMatchObject({ ok: false, error: { code: 'file.not_handed_over' } });
      expect(JSON.stringify(answer)).not.toContain('/');
    }
  });

  it('an id belongs to the app context (the data folder) that issued it', async () => {
    const fileId = await handOver(app, SAMPLE);
    expect(await createSurface(other).call('batches:inspect', { fileId })).toMatchObject({ ok: false, error: { code: 'file.not_handed_over' } });
  });
});

describe("files:open, the CLI's way to name a file of its own", () => {
  it('is forbidden to a surface made for the renderer or the browser host', async () => {
    const answer = await app.call('files:open', { path: '/etc/passwd' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'file.local_only' } });
    expect(JSON.stringify(answer)).not.toContain('root:');
  });

  it('gives the CLI an id for its path, without copying the file', async () => {
    const opened = await cli.call('files:open', { path: SAMPLE });
    expect(opened).toMatchObject({ ok: true, value: { name: 'cartera-banco-del-sur.xlsx', bytes: readFileSync(SAMPLE).length } });
    if (!opened.ok) return;
    expect(await cli.call('batches:inspect', { fileId: opened.value.fileId })).toMatchObject({ ok: true, value: { sheet: 'Cartera' } });
  });

  it('refuses what is not a regular file, or is over the size limit', async () => {
    expect(await cli.call('files:open', { path: '/dev/zero' })).toMatchObject({
      ok: false,
      error: { code: 'file.not_a_file', message: 'zero is not a file.' },
    });
    expect(await cli.call('files:open', { path: dir })).toMatchObject({ ok: false, error: { code: 'file.not_a_file' } });
    expect(await cli.call('files:open', { path: join(dir, 'no-such.xlsx') })).toMatchObject({ ok: false, error: { code: 'file.cannot_open' } });
    const huge = join(dir, 'enorme.csv');
    writeFileSync(huge, '');
    truncateSync(huge, READ_LIMITS.maxFileBytes + 1);
    expect(await cli.call('files:open', { path: huge })).toMatchObject({
      ok: false,
      error: { code: 'file.too_large', message: 'enorme.csv is larger than the 100 MB limit.' },
    });
  });

  it('takes a text file up to the text limit, and refuses one past it naming that limit, without reading it', async () => {
    // Sparse files: a CSV's first 64 KiB, then nothing written (the disk holds only the head).
    const textFile = (name: string, size: number) => {
      const path = join(dir, name);
      writeFileSync(path, 'DNI;Nombre;Deuda\n' + '20123456;PÉREZ, Ana;1500,50\n'.repeat(2600));
      truncateSync(path, size);
      return path;
    };
    const big = textFile('grande.csv', READ_LIMITS.maxFileBytes * 3);
    expect(await cli.call('files:open', { path: big })).toMatchObject({ ok: true, value: { name: 'grande.csv', bytes: READ_LIMITS.maxFileBytes * 3 } });
    const past = textFile('enorme-texto.csv', READ_LIMITS.maxTextFileBytes + 1);
    expect(await cli.call('files:open', { path: past })).toMatchObject({
      ok: false,
      error: { code: 'file.too_large', params: { limitMb: 1024 }, message: 'enorme-texto.csv is larger than the 1024 MB limit.' },
    });
  });
});

describe('a picked file, held in memory', () => {
  it('is read again after the worker took over its bytes (inspect, then prepare), and never written to disk', async () => {
    const app = createAppContext({ dataDir: join(dir, 'worker'), preparationInWorker: true });
    try {
      const api = createSurface(app);
      const fileId = await handOver(api, SAMPLE);
      expect(await api.call('batches:inspect', { fileId })).toMatchObject({ ok: true, value: { headerRow: 4 } });
      expect(await api.call('batches:inspect', { fileId, headerRow: 4 })).toMatchObject({ ok: true });
      expect(await api.call('batches:prepare', { fileId, maxPhonePriority: 2 })).toMatchObject({ ok: true, value: { cases: 11 } });
      const onDisk = readTree(join(dir, 'worker'));
      const picked = readFileSync(SAMPLE);
      for (const [path, bytes] of onDisk) expect(bytes.includes(picked.subarray(0, 4096)), path).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('a file handed over in parts (files:receiveStart, files:receivePart, files:receiveEnd)', () => {
  const start = async (name: string, bytes: number) => {
    const answer = await app.call('files:receiveStart', { name, bytes });
    if (!answer.ok) throw new Error(answer.error.code);
    return answer.value.receiveId;
  };
  const part = (receiveId: string, offset: number, bytes: Uint8Array) =>
    app.call('files:receivePart', { receiveId, offset, base64: Buffer.from(bytes).toString('base64') });

  it('arrives whole, in order, and is then a file like a picked one: inspected and prepared by its id', async () => {
    const bytes = readFileSync(SAMPLE);
    const receiveId = await start('cartera-banco-del-sur.xlsx', bytes.length);
    const cut = [0, 1_000, 5_000, bytes.length];
    for (let i = 0; i + 1 < cut.length; i++) {
      expect(await part(receiveId, cut[i] ?? 0, bytes.subarray(cut[i], cut[i + 1]))).toEqual({ ok: true, value: { received: cut[i + 1] } });
    }
    const whole = await app.call('files:receiveEnd', { receiveId });
    expect(whole).toMatchObject({ ok: true, value: { name: 'cartera-banco-del-sur.xlsx', bytes: bytes.length } });
    if (!whole.ok) return;
    const prepared = await app.call('batches:prepare', { environment: 'demo', fileId: whole.value.fileId, maxPhonePriority: 2 });
    expect(prepared).toMatchObject({ ok: true, value: { cases: 11, ready: 8, rejected: 3 } });
    // Its end is spent: the same id names nothing any more.
    expect(await app.call('files:receiveEnd', { receiveId })).toMatchObject({ ok: false, error: { code: 'file.not_handed_over' } });
  });

  it('refuses a part out of place or past the size it announced, and lets the file go', async () => {
    const skipped = await start('a.csv', 10);
    expect(await part(skipped, 3, new Uint8Array(3))).toMatchObject({
      ok: false,
      error: { code: 'file.receive_broken', params: { file: 'a.csv', offset: 3, bytes: 10 } },
    });
    expect(await part(skipped, 0, new Uint8Array(3))).toMatchObject({ ok: false, error: { code: 'file.not_handed_over' } });
    const long = await start('b.csv', 4);
    expect(await part(long, 0, new Uint8Array(3))).toMatchObject({ ok: true });
    expect(await part(long, 3, new Uint8Array(2))).toMatchObject({ ok: false, error: { code: 'file.receive_broken' } });
  });

  it('refuses an end before the last part, a size past the biggest file CaseDesk reads, and an id it did not give', async () => {
    const short = await start('c.csv', 10);
    expect(await part(short, 0, new TextEncoder().encode('a;b\n'))).toMatchObject({ ok: true });
    expect(await app.call('files:receiveEnd', { receiveId: short })).toMatchObject({
      ok: false,
      error: { code: 'file.receive_broken', params: { offset: 4, bytes: 10 } },
    });
    expect(await app.call('files:receiveStart', { name: 'd.csv', bytes: READ_LIMITS.maxTextFileBytes + 1 })).toMatchObject({
      ok: false,
      error: { code: 'file.too_large', params: { file: 'd.csv' } },
    });
    expect(await part(MADE_UP_ID, 0, new Uint8Array(1))).toMatchObject({ ok: false, error: { code: 'file.not_handed_over' } });
    // One file arrives at a time: a new one lets the last go.
    const first = await start('e.csv', 2);
    await start('f.csv', 2);
    expect(await part(first, 0, new Uint8Array(2))).toMatchObject({ ok: false, error: { code: 'file.not_handed_over' } });
  });

  /** A workbook one byte past its limit, whose head is a zip's. */
  const bigWorkbook = () => {
    const bytes = new Uint8Array(READ_LIMITS.maxFileBytes + 1);
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    return bytes;
  };

  it('refuses a workbook past the workbooks’ limit at its first part, before the rest travels', async () => {
    const bytes = bigWorkbook();
    const receiveId = await start('grande.xlsx', bytes.length);
    expect(await part(receiveId, 0, bytes.subarray(0, 8 * 1024 * 1024))).toMatchObject({
      ok: false,
      error: { code: 'file.too_large', params: { file: 'grande.xlsx', limitMb: 100 } },
    });
    expect(await part(receiveId, 8 * 1024 * 1024, bytes.subarray(8 * 1024 * 1024, 16 * 1024 * 1024))).toMatchObject({
      ok: false,
      error: { code: 'file.not_handed_over' },
    });
  });

  it('holds a workbook to the workbooks’ limit once it is whole, when its first part was too short to tell', async () => {
    const bytes = bigWorkbook();
    const receiveId = await start('grande.xlsx', bytes.length);
    // Two bytes ('PK') read as text: the kind is told only by the whole file.
    const cuts = [0, 2, ...Array.from({ length: 13 }, (_, i) => (i + 1) * 8 * 1024 * 1024).filter((n) => n < bytes.length), bytes.length];
    for (let i = 0; i + 1 < cuts.length; i++) expect(await part(receiveId, cuts[i] ?? 0, bytes.subarray(cuts[i], cuts[i + 1]))).toMatchObject({ ok: true });
    expect(await app.call('files:receiveEnd', { receiveId })).toMatchObject({ ok: false, error: { code: 'file.too_large', params: { file: 'grande.xlsx' } } });
  });
});
