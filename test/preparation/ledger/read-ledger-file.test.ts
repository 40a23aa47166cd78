// A do-not-contact list from a spreadsheet: headers found under a title, Spanish or English names,
// a mapping when the names are the creditor's own, and bad rows said by file, row and column.
import { describe, expect, it } from 'vitest';
import { workbookBytes } from '../../../src-main/exports/xlsx-writer';
import { LedgerFileError, LedgerMapping, readLedgerFile } from '../../../src-main/preparation/ledger/read-ledger-file';

const csv = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

describe('readLedgerFile', () => {
  it('reads an .xlsx under a title block, with reasons in Spanish, dates and creditors', async () => {
    const bytes = await workbookBytes([
      {
        name: 'No llamar',
        rows: [
          ['Lista de no contactar — Cumplimiento'],
          [],
          ['Teléfono', 'DNI', 'Motivo', 'Hasta', 'Acreedor'],
          ['011 15-4444-5555', '', 'Número equivocado', '31/12/2026', ''],
          ['', '20123456', 'judicial', '', 'Banco del Sur'],
          ['+54 9 351 612-3456', '07654321', 'fallecido', '', ''],
        ],
      },
    ]);
    const read = await readLedgerFile({ name: 'compliance.xlsx', bytes: new Uint8Array(bytes) });
    expect(read).toMatchObject({ file: 'compliance.xlsx', sheet: 'No llamar', headerRow: 3, problems: [] });
    expect(read.entries).toEqual([
      { row: 4, kind: 'phone', value: '1144445555', reason: 'wrong-number', until: '2026-12-31', creditor: null },
      { row: 5, kind: 'code', value: '20123456', reason: 'legal', until: null, creditor: 'Banco del Sur' },
      { row: 6, kind: 'phone', value: '3516123456', reason: 'deceased', until: null, creditor: null },
      { row: 6, kind: 'code', value: '07654321', reason: 'deceased', until: null, creditor: null },
    ]);
  });

  it('reports each bad row with its file, row and column, and holds every phone it can read (an unknown reason as other, a bad last day for ever)', async () => {
    const file = csv(
      'lista.csv',
      'phone;reason;until\n1144445555;debtor-asked;2027-01-31\n4444-5555;;\n1144446666;porque sí;\n1144447777;;31/02/2027\n;;\n1144448888;other;\n;wrong-number;\n',
    );
    const read = await readLedgerFile(file);
    expect(read.entries.map((e) => [e.row, e.value, e.reason, e.until])).toEqual([
      [2, '1144445555', 'debtor-asked', '2027-01-31'],
      [4, '1144446666', 'other', null],
      [5, '1144447777', 'other', null],
      [7, '1144448888', 'other', null],
    ]);
    expect(read.problems.map((p) => [p.code, p.file, p.row, p.column])).toEqual([
      ['phone-invalid', 'lista.csv', 3, 'A'],
      ['reason-unknown', 'lista.csv', 4, 'B'],
      ['until-invalid', 'lista.csv', 5, 'C'],
      ['no-phone-or-code', 'lista.csv', 8, null],
    ]);
    expect(read.problems[0]?.params).toEqual({ value: '4444-5555', why: 'no-area-code' });
  });

  it('gives rows without a reason the default one, and takes a default area code', async () => {
    const read = await readLedgerFile(csv('l.csv', 'Celular\n4444-5555\n'), { defaultReason: 'debtor-asked', defaultAreaCode: '11' });
    expect(read.entries).toEqual([{ row: 2, kind: 'phone', value: '1144445555', reason: 'debtor-asked', until: null, creditor: null }]);
  });

  it('follows a mapping that names the columns', async () => {
    const mapping = LedgerMapping.parse({ columns: { code: 'Nro Cliente', reason: 'Observación' } });
    const read = await readLedgerFile(csv('m.csv', 'Nro Cliente;Observación;Teléfono\n30111222;legal;1144445555\n'), { mapping });
    // Only the named columns: the phone column is not read.
    expect(read.entries).toEqual([{ row: 2, kind: 'code', value: '30111222', reason: 'legal', until: null, creditor: null }]);
  });

  it('refuses a file with no phone or code column, or a mapping naming a missing one, with a stable code', async () => {
    await expect(readLedgerFile(csv('x.csv', 'Nombre;Saldo\nAna;100\n'))).rejects.toMatchObject({ name: 'LedgerFileError', code: 'ledger.no_header' });
    const mapping = LedgerMapping.parse({ columns: { phone: 'Tel' } });
    const err = await readLedgerFile(csv('y.csv', 'Teléfono;Motivo\n1144445555;otro\n'), { mapping }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerFileError);
    expect(err).toMatchObject({ code: 'ledger.no_column', place: { file: 'y.csv', column: 'Tel' } });
    expect(LedgerMapping.safeParse({ columns: { reason: 'Motivo' } }).success).toBe(false);
  });
});
