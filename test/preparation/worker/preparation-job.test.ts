// Preparing in a worker thread gives the same batch as in-process, and the same clear errors.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadError } from '../../../src-main/preparation/reading/read-errors';
import { CORRECTIONS_READ_LIMITS, LEDGER_READ_LIMITS, READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';
import { unpackZip } from '../../../src-main/preparation/reading/zip-unpack';
import {
  awaitReply,
  inspectInWorker,
  PREPARATION_WORKER_LIMITS,
  preparationsSettled,
  prepareInWorker,
  readCorrectionsInWorker,
  REPLY_PART,
  readLedgerInWorker,
  rebuildError,
  workerError,
} from '../../../src-main/preparation/worker/preparation-job';
import { MappingError } from '../../../src-main/preparation/build/mapped-rows';
import { PrepareError } from '../../../src-main/preparation/prepare-batch';
import { DEFAULT_FORMAT, MappingFile } from '../../../src-main/domain/mapping-file';
import { BatchRefusal, countCasesByStatus, openStore } from '../../../src-main/store';
import { TEST_STORE_KEY } from '../../support/store-key';
import { sourceFile } from '../../support/source-file';
import { CORRECTION_HEADER_ROW, correctionRows } from '../../support/correction-rows';
import { buildZip } from '../reading/fixtures/zip-builder';
import { formatFailure, type Failure } from '../../../src-main/domain/failures/failure';
import { failureShape } from '../../../src-main/diagnostics/diagnostic-log';
import { LedgerFileError, LedgerMapping, readLedgerFile } from '../../../src-main/preparation/ledger/read-ledger-file';
import { readCorrections } from '../../../src-main/preparation/import-corrections';
import { CORRECTION_HEADERS, CORRECTIONS_SHEET } from '../../../src-main/preparation/corrections-sheet';
import { workbookBytes } from '../../../src-main/exports/xlsx-writer';
import { repeatedCellOds } from '../../support/ods-bomb';

/** A failure's words in Spanish, as the app's Spanish faces show them. */
const spanish = (err: Failure) => formatFailure('es', err.code, err.params);

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-worker-'));
// A worker that replied may still be copying its batch into the store file: the folder goes after.
afterAll(async () => {
  await preparationsSettled();
  rmSync(dir, { recursive: true, force: true });
});

describe('prepareInWorker', () => {
  it('prepares the sample into the same store the main thread reads', async () => {
    const dataDir = join(dir, 'a');
    openStore(dataDir, TEST_STORE_KEY).close();
    const summary = await prepareInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2 });
    expect(summary).toMatchObject({ cases: 11, ready: 8, rejected: 3 });
    const store = openStore(dataDir, TEST_STORE_KEY);
    expect(countCasesByStatus(store.db, summary.batchId).rejected).toBe(3);
    store.close();
  });

  it('prepares with the batch writer thread started from the worker thread (as big files do)', async () => {
    const dataDir = join(dir, 'nested');
    const summary = await prepareInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, writer: 'thread' });
    expect(summary).toMatchObject({ cases: 11, ready: 8, rejected: 3 });
    const store = openStore(dataDir, TEST_STORE_KEY);
    expect(countCasesByStatus(store.db, summary.batchId)).toMatchObject({ rejected: 3 });
    store.close();
  });

  it('takes over the bytes of a text file read from its path, a Windows-1252 one, and reads its rows there', async () => {
    const dataDir = join(dir, 'text');
    const path = join(dir, 'cartera-1252.csv');
    // é as one byte (0xE9): no UTF-8, read as Windows-1252; the rows are decoded one at a time in the worker.
    writeFileSync(path, Buffer.from('DNI;Nombre;Teléfono;Deuda\n20123456;José Pérez;011 4567-8901;1500,50\n', 'latin1'));
    const file = sourceFile(path);
    const inspection = await inspectInWorker({ dataDir, key: TEST_STORE_KEY }, file, {});
    expect(inspection).toMatchObject({
      format: 'csv',
      headers: ['DNI', 'Nombre', 'Teléfono', 'Deuda'],
      preview: [['20123456', 'José Pérez', '011 4567-8901', '1500,50']],
    });
    // Handed over, not copied: a 1 GB file stays 1 GB, outside the worker's heap.
    expect(file.bytes.byteLength).toBe(0);
  });

  it("inspects a file, and brings a hostile file's error back as the same ReadError", async () => {
    const dataDir = join(dir, 'b');
    const inspection = await inspectInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), {});
    expect(inspection).toMatchObject({ sheet: 'Cartera', headerRow: 4, dataRows: 14 });
    const junk = join(dir, 'junk.xlsx');
    writeFileSync(junk, Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)));
    const err = await inspectInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(junk), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect(err).toMatchObject({ code: 'read.not_a_spreadsheet', params: { file: 'junk.xlsx' } });
    expect(spanish(err as ReadError)).toMatch(/no es una planilla/);
  });
});

describe('a failure met in the worker', () => {
  it('arrives whole: a mapping naming columns the sheet lacks is the same MappingError, its columns as data', async () => {
    const dataDir = join(dir, 'mapping');
    const inspection = await inspectInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), {});
    const mapping = MappingFile.parse({
      ...DEFAULT_FORMAT,
      header_row: inspection.headerRow,
      columns: { ...inspection.suggestion, code: 'Cuit del deudor', debt: 'Saldo al cierre' },
    });
    const err = await prepareInWorker({ dataDir, key: TEST_STORE_KEY }, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, mapping }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MappingError);
    expect(err).toMatchObject({ code: 'mapping.missing_columns', missing: ['Cuit del deudor', 'Saldo al cierre'] });
    expect(spanish(err as MappingError)).toBe('El archivo no tiene ninguna columna llamada "Cuit del deudor", "Saldo al cierre".');
  });

  it('keeps its class, code, params and place through the thread (as structured clone carries them)', () => {
    const across = (err: unknown) => rebuildError(structuredClone(workerError(err)));
    const read = across(new ReadError('read.too_many_columns', { row: 7, sheet: 'Cartera', limit: 500 }, { file: 'c.xlsx', sheet: 'Cartera', row: 7 }));
    expect(read).toBeInstanceOf(ReadError);
    expect(read).toMatchObject({
      code: 'read.too_many_columns',
      params: { row: 7, sheet: 'Cartera', limit: 500, file: 'c.xlsx' },
      place: { file: 'c.xlsx', sheet: 'Cartera', row: 7 },
    });
    const ledger = across(
      new LedgerFileError('ledger.no_column', { file: 'l.csv', sheet: 'l', column: 'Tel', field: 'phone' }, { file: 'l.csv', sheet: 'l', column: 'Tel' }),
    );
    expect(ledger).toBeInstanceOf(LedgerFileError);
    expect(ledger).toMatchObject({
      code: 'ledger.no_column',
      params: { file: 'l.csv', sheet: 'l', column: 'Tel', field: 'phone' },
      place: { file: 'l.csv', sheet: 'l', column: 'Tel' },
    });
    const prepare = across(new PrepareError('prepare.no_such_sheet', { file: 'c.xlsx', sheet: 'Hoja9', sheets: ['"Cartera"'] }));
    expect(prepare).toBeInstanceOf(PrepareError);
    expect(spanish(prepare as PrepareError)).toBe('c.xlsx no tiene una hoja "Hoja9" (tiene "Cartera").');
    // A store's refusal (an import's batch swept under its writer) is no failure of the catalog, but crosses whole too.
    const refusal = across(new BatchRefusal('batch.missing', 'Batch 4 was removed while it was being imported.', 4));
    expect(refusal).toBeInstanceOf(BatchRefusal);
    expect(refusal).toMatchObject({ code: 'batch.missing', batchId: 4 });
    // Anything else is no failure of the catalog: the surface calls it internal, and it has no code.
    const other = across(new TypeError('x is undefined'));
    expect(other).not.toHaveProperty('code');
    expect((other as Error).message).toBe('x is undefined');
  });

  it('outside the catalog, keeps what the diagnostic log records of it: its class, its own frames, its cause', () => {
    class ZipTrouble extends Error {}
    const inWorker = (): Error => new ZipTrouble('entry 3 of Pérez.xlsx', { cause: new RangeError('offset 9 of 4') });
    const original = inWorker();
    const rebuilt = rebuildError(structuredClone(workerError(original)));
    const shape = failureShape(rebuilt);
    expect(shape.type).toBe('ZipTrouble');
    // The frames are where it was thrown (this file's inWorker), not where it was rebuilt.
    expect(shape.frames).toEqual(failureShape(original).frames);
    expect(shape.frames[0]).toContain('inWorker');
    expect(shape.cause?.type).toBe('RangeError');
    expect((rebuilt.cause as Error).message).toBe('offset 9 of 4');
    // A catalog failure keeps the worker's frames too, as an error of its own or as a cause.
    const refused = (): ReadError =>
      new ReadError('read.too_many_columns', { row: 7, sheet: 'Cartera', limit: 500 }, { file: 'c.xlsx', sheet: 'Cartera', row: 7 });
    const failure = refused();
    expect(failureShape(rebuildError(structuredClone(workerError(failure)))).frames).toEqual(failureShape(failure).frames);
    const wrapped = new Error('while reading', { cause: refused() });
    const wrappedShape = failureShape(rebuildError(structuredClone(workerError(wrapped))));
    expect(wrappedShape.cause?.type).toBe('ReadError');
    expect(wrappedShape.cause?.frames[0]).toContain('refused');
    // A built-in class comes back as itself, so code that asks instanceof still can.
    expect(rebuildError(structuredClone(workerError(new TypeError('t'))))).toBeInstanceOf(TypeError);
    // What is thrown that is no Error at all is still an Error on this side, named by its kind.
    expect(failureShape(rebuildError(structuredClone(workerError('a string'))))).toMatchObject({ type: 'string' });
  });
});

describe('a preparation worker that replied', () => {
  it('is left to end by itself: its batch writer may still be copying the batch into the file', async () => {
    const marker = join(dir, 'after-the-reply');
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage({ ok: true, value: 7 });
       setTimeout(() => { require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'done'); parentPort.close(); }, 150);`,
      { eval: true },
    );
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    await expect(awaitReply(worker, 'cartera.xlsx', PREPARATION_WORKER_LIMITS)).resolves.toBe(7);
    expect(await exited).toBe(0);
    expect(readFileSync(marker, 'utf8')).toBe('done');
  });

  it('is waited for by preparationsSettled (the app closes or wipes the store after it), until it ended', async () => {
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage({ ok: true, value: 7 });
       setTimeout(() => parentPort.close(), 150);`,
      { eval: true },
    );
    let exited = false;
    worker.once('exit', () => (exited = true));
    await awaitReply(worker, 'cartera.xlsx', PREPARATION_WORKER_LIMITS);
    expect(exited).toBe(false);
    await preparationsSettled();
    expect(exited).toBe(true);
  });
});

describe('a preparation worker that dies instead of replying', () => {
  it('rejects its caller when it exits without a reply, as the internal failure it is (it never hangs)', async () => {
    const err = await awaitReply(new Worker('process.exit(3)', { eval: true }), 'cartera.xlsx', PREPARATION_WORKER_LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ReadError);
    expect((err as Error).message).toMatch(/exit code 3/);
  });

  it('is a read error naming the file when it runs out of memory (told by the error code)', async () => {
    const limits = { maxOldGenerationSizeMb: 32 };
    const hungry = new Worker('const kept = []; for (;;) kept.push(new Array(1e6).fill(1));', { eval: true, resourceLimits: limits });
    const err = await awaitReply(hungry, '/tmp/cartera.xlsx', limits).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect(err).toMatchObject({ code: 'read.too_much_memory', place: { file: 'cartera.xlsx' }, params: { limitMb: 32 } });
    expect(spanish(err as ReadError)).toMatch(/cartera\.xlsx necesita más memoria/);
  });

  it('runs under the heap limit it is given: the real worker, given too little, is that read error', async () => {
    const err = await inspectInWorker({ dataDir: join(dir, 'tiny'), key: TEST_STORE_KEY }, sourceFile(SAMPLE), {}, { maxOldGenerationSizeMb: 4 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ReadError);
    expect(err).toMatchObject({ code: 'read.too_much_memory', params: { limitMb: 4 } });
  });
});

describe('a hostile file refused in the worker', () => {
  it('comes back with its code, place and params', async () => {
    const entries = await unpackZip(new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.ods'))));
    const bomb =
      '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="S"><table:table-row table:number-rows-repeated="1000000"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="16384"><text:p>1</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>';
    const file = join(dir, 'bomba.ods');
    writeFileSync(file, buildZip([...entries].map(([name, bytes]) => ({ name, content: name === 'content.xml' ? Buffer.from(bomb) : bytes }))));
    const err = await inspectInWorker({ dataDir: join(dir, 'bomb'), key: TEST_STORE_KEY }, sourceFile(file), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect(err).toMatchObject({ code: 'read.too_many_cells', place: { file: 'bomba.ods' }, params: { cells: 16_384_000_000, limit: READ_LIMITS.maxCells } });
  });
});

describe('a do-not-contact list or a corrected error report read in the worker', () => {
  const bytesOf = (text: string) => new TextEncoder().encode(text);
  const LIST = 'Teléfono;Motivo;Hasta\n+54 9 11 4444 5555;fallecido;\n4444-5555;;31/12/2099\nhola;otro;\n;;\n1144446666;porque sí;\n';

  it('reads a list as it is read here, and takes over its bytes', async () => {
    const options = { defaultReason: 'debtor-asked' as const, defaultAreaCode: '11' };
    const file = { name: 'no-llamar.csv', bytes: bytesOf(LIST) };
    const there = await readLedgerInWorker(file, options);
    expect(there).toEqual(await readLedgerFile({ name: 'no-llamar.csv', bytes: bytesOf(LIST) }, options));
    // The row whose reason is unknown holds its phone anyway (reason other): the safe side.
    expect(there.entries).toHaveLength(3);
    expect(there.problems.map((p) => [p.code, p.row, p.column])).toEqual([
      ['phone-invalid', 4, 'A'],
      ['reason-unknown', 6, 'B'],
    ]);
    // Handed over, not copied: the caller has nothing left to read them again.
    expect(file.bytes.byteLength).toBe(0);
  });

  it('brings a list that is no list back as the same LedgerFileError, its code, params and place', async () => {
    const mapping = LedgerMapping.parse({ columns: { phone: 'Tel' } });
    const here = await readLedgerFile({ name: 'y.csv', bytes: bytesOf(LIST) }, { mapping }).catch((e: unknown) => e);
    const there = await readLedgerInWorker({ name: 'y.csv', bytes: bytesOf(LIST) }, { mapping }).catch((e: unknown) => e);
    expect(there).toBeInstanceOf(LedgerFileError);
    expect(there).toMatchObject({
      code: 'ledger.no_column',
      params: { file: 'y.csv', column: 'Tel', field: 'phone' },
      place: { file: 'y.csv', column: 'Tel' },
    });
    expect(there).toEqual(here);
    expect(spanish(there as LedgerFileError)).toBe(spanish(here as LedgerFileError));
  });

  it('reads a corrected report as it is read here: dates as days, the formula guard taken off', async () => {
    const report = await workbookBytes([
      {
        name: CORRECTIONS_SHEET,
        rows: [
          [...CORRECTION_HEADERS],
          ['20123456', "'=Ana", 'Pérez', '011 4567-8901', 'OP-1', 'Tarjeta', '', 1500.5, new Date(Date.UTC(2027, 1, 28)), 'rejected', ''],
          ['20123456', 'Ana', 'Pérez', '', 'OP-2', 'Préstamo', 'A', '2.000,00', '28/02/2027', '', ''],
          ['', 'sin código', '', '', '', '', '', '', '', '', ''],
        ],
      },
    ]);
    const there = await readCorrectionsInWorker({ name: 'corregido.xlsx', bytes: new Uint8Array(report) });
    expect(there).toEqual(await readCorrections({ name: 'corregido.xlsx', bytes: new Uint8Array(report) }));
    expect(there).toMatchObject([
      [
        '20123456',
        [
          { row: 2, firstName: '=Ana', phones: '011 4567-8901', debt: 1500.5, expiration: '2027-02-28' },
          { row: 3, pid: 'Préstamo', subId: 'A', debt: '2.000,00' },
        ],
      ],
    ]);
  });

  it('brings a long report back a part at a time, each asked for when the one before is taken, all in order', async () => {
    // Three parts and a bit: the last one short.
    const cases = 3 * REPLY_PART + 7;
    const report = await workbookBytes([{ name: CORRECTIONS_SHEET, rows: [CORRECTION_HEADER_ROW, ...correctionRows(cases, 30_000_000)] }]);
    const there = await readCorrectionsInWorker({ name: 'corregido.xlsx', bytes: new Uint8Array(report) });
    expect(there).toHaveLength(cases);
    expect(there).toEqual(await readCorrections({ name: 'corregido.xlsx', bytes: new Uint8Array(report) }));
  });

  it('brings a workbook that is no report back as the same ReadError, naming what it lacks', async () => {
    const other = await workbookBytes([{ name: 'Hoja', rows: [['Código', 'Nombre']] }]);
    const err = await readCorrectionsInWorker({ name: 'otra.xlsx', bytes: new Uint8Array(other) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect(err).toMatchObject({
      code: 'read.not_a_correction_report',
      place: { file: 'otra.xlsx' },
      params: { file: 'otra.xlsx', missing: ['Apellido', 'Teléfonos', 'Nro Operación', 'Producto', 'Subproducto', 'Saldo', 'Vencimiento'] },
    });
  });

  it("refuses the reviewer's .ods by each one's own cell budget, and a heap too small as too much memory", async () => {
    const bomb = await repeatedCellOds(998_000, 19);
    const cells = 998_000 * 19;
    await expect(readLedgerInWorker({ name: 'no-llamar.ods', bytes: new Uint8Array(bomb) }, {})).rejects.toMatchObject({
      code: 'read.too_many_cells',
      params: { file: 'no-llamar.ods', cells, limit: LEDGER_READ_LIMITS.maxCells },
    });
    await expect(readCorrectionsInWorker({ name: 'corregido.ods', bytes: new Uint8Array(bomb) })).rejects.toMatchObject({
      code: 'read.too_many_cells',
      params: { file: 'corregido.ods', cells, limit: CORRECTIONS_READ_LIMITS.maxCells },
    });
    const tiny = { maxOldGenerationSizeMb: 4 };
    const err = await readLedgerInWorker({ name: '/listas/no-llamar.csv', bytes: bytesOf(LIST) }, {}, tiny).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect(err).toMatchObject({ code: 'read.too_much_memory', place: { file: 'no-llamar.csv' }, params: { limitMb: 4 } });
    await expect(readCorrectionsInWorker({ name: 'c.xlsx', bytes: new Uint8Array(bomb) }, tiny)).rejects.toMatchObject({ code: 'read.too_much_memory' });
  });
});
