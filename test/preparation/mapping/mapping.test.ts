// Finding the header row and suggesting which column is which.
import { describe, expect, it } from 'vitest';
import { findHeaderRow, headerNames, headerSignature, normalizeHeader } from '../../../src-main/preparation/mapping/headers';
import { MappingFile } from '../../../src-main/domain/mapping-file';
import { KNOWN_HEADERS, suggestMapping } from '../../../src-main/preparation/mapping/suggest';

describe('normalizeHeader', () => {
  it('ignores case, accents, punctuation and spacing', () => {
    expect(normalizeHeader('  Teléfono  N°1 ')).toBe('telefono n 1');
    expect(normalizeHeader('NRO. OPERACIÓN')).toBe('nro operacion');
    expect(normalizeHeader(null)).toBe('');
  });
});

describe('findHeaderRow', () => {
  it('skips a title block and blank rows above the header', () => {
    const rows = [
      ['BANCO DEL SUR S.A.'],
      ['Listado de mora al 30/11/2026'],
      [],
      ['DNI', 'Apellido', 'Nombre', 'Tel 1', 'Saldo', 'Vencimiento'],
      ['20123456', 'Pérez', 'Ana', '1145678901', 1500, '31/12/2026'],
      ['20123457', 'Gómez', 'Luis', '3514567890', 99.5, '15/01/2027'],
    ];
    expect(findHeaderRow(rows, KNOWN_HEADERS)).toBe(3);
  });

  it('finds a header on the first row, and none in a sheet of numbers', () => {
    expect(
      findHeaderRow(
        [
          ['code', 'name', 'phone'],
          ['1', 'a', '2'],
        ],
        KNOWN_HEADERS,
      ),
    ).toBe(0);
    expect(
      findHeaderRow(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        KNOWN_HEADERS,
      ),
    ).toBeNull();
    expect(findHeaderRow([['DNI', 'Nombre']], KNOWN_HEADERS)).toBeNull();
  });

  it('names empty header cells by their column letter', () => {
    expect(headerNames(['DNI', null, ' Saldo '])).toEqual(['DNI', '(B)', 'Saldo']);
  });
});

describe('suggestMapping', () => {
  it('maps a typical Argentine export, phones in column order, the rest left for params', () => {
    const headers = [
      'DNI',
      'Apellido',
      'Nombre',
      'Tel 1',
      'Celular',
      'Teléfono Alternativo',
      'Nro Operación',
      'Producto',
      'Subproducto',
      'Saldo',
      'Vencimiento',
      'Sucursal',
    ];
    const { columns, unmapped } = suggestMapping(headers);
    expect(columns).toEqual({
      code: 'DNI',
      last_name: 'Apellido',
      first_name: 'Nombre',
      phones: ['Tel 1', 'Celular', 'Teléfono Alternativo'],
      debt_code: 'Nro Operación',
      pid: 'Producto',
      sub_id: 'Subproducto',
      debt: 'Saldo',
      expiration: 'Vencimiento',
    });
    expect(unmapped).toEqual(['Sucursal']);
  });

  it('takes "Apellido y Nombre" as a full name, and English headers too', () => {
    expect(suggestMapping(['Documento', 'APELLIDO Y NOMBRE', 'Móvil', 'Deuda']).columns).toMatchObject({
      code: 'Documento',
      full_name: 'APELLIDO Y NOMBRE',
      phones: ['Móvil'],
      debt: 'Deuda',
    });
    expect(suggestMapping(['Customer ID', 'First Name', 'Last Name', 'Phone 1', 'Phone 2', 'Amount', 'Due Date']).columns).toMatchObject({
      code: 'Customer ID',
      first_name: 'First Name',
      last_name: 'Last Name',
      phones: ['Phone 1', 'Phone 2'],
      debt: 'Amount',
      expiration: 'Due Date',
    });
  });
});

describe('headerSignature', () => {
  it('is the same for the same columns however they are spelled', () => {
    expect(headerSignature(['DNI', 'Teléfono'])).toBe(headerSignature(['dni ', 'TELEFONO']));
    expect(headerSignature(['DNI', 'Teléfono'])).not.toBe(headerSignature(['Teléfono', 'DNI']));
  });
});

describe('MappingFile', () => {
  it('reads the documented mapping file and needs names one way or the other', () => {
    const file = {
      sheet: 'Deudores',
      header_row: 3,
      columns: {
        code: 'DNI',
        first_name: 'Nombre',
        last_name: 'Apellido',
        phones: ['Tel 1', 'Celular'],
        debt_code: 'Nro Operación',
        pid: 'Producto',
        sub_id: 'Subproducto',
        debt: 'Saldo',
        expiration: 'Vencimiento',
        params: { company_name: 'Empresa' },
      },
      decimal_separator: ',',
      date_order: 'DMY',
      default_area_code: '351',
      max_phone_priority: 2,
    };
    expect(MappingFile.parse(file)).toMatchObject({ header_row: 3, default_area_code: '351' });
    const { first_name: _f, ...noFirst } = file.columns;
    expect(MappingFile.safeParse({ ...file, columns: noFirst }).success).toBe(false);
    // The trunk 0 is dropped ("0351" is 351); what is not an area code is refused.
    expect(MappingFile.parse({ ...file, default_area_code: '0351' }).default_area_code).toBe('351');
    expect(MappingFile.safeParse({ ...file, default_area_code: '00351' }).success).toBe(false);
  });
});
