// Rows → cases: what a collections agent expects to come out of a messy sheet.
import { describe, expect, it } from 'vitest';
import { uploadRuleViolations } from '../../../src-main/contract';
import { buildCases, caseFromRaw, phonesOfRows, uploadEntry, type PrepareSettings, type RawRow } from '../../../src-main/preparation/build/build-cases';
import { MappingError } from '../../../src-main/preparation/build/mapped-rows';
import { formatIssueText } from '../../../src-main/domain/issue-texts/issue-text';
import { issueText } from '../../../src-main/domain/issue-texts/wording';
import type { ColumnMapping } from '../../../src-main/domain/mapping-file';

/** An issue's words in both languages, as the CLI and the exports word it. */
const describeIssue = <T extends { kind: string; params?: Record<string, unknown> }>(i: T) => {
  const text = issueText(i);
  return { ...i, messageEs: formatIssueText('es', text), messageEn: formatIssueText('en', text) };
};

const HEADERS = ['DNI', 'Nombre', 'Apellido', 'Tel 1', 'Celular', 'Operación', 'Producto', 'Saldo', 'Vencimiento', 'Empresa', 'Cuotas'];
const MAPPING: ColumnMapping = {
  code: 'DNI',
  first_name: 'Nombre',
  last_name: 'Apellido',
  phones: ['Tel 1', 'Celular'],
  debt_code: 'Operación',
  pid: 'Producto',
  debt: 'Saldo',
  expiration: 'Vencimiento',
  params: { company_name: 'Empresa' },
  product_info: { cuotas: 'Cuotas' },
};
const SETTINGS: PrepareSettings = { decimalSeparator: ',', dateOrder: 'DMY', maxPhonePriority: 1 };

/** A sheet: a title row, the header on row 2, data from row 3. */
const sheet = (...rows: (string | number | Date | null)[][]) => [['Cartera'], HEADERS, ...rows];
const row = (o: Partial<Record<(typeof HEADERS)[number], string | number | Date | null>>) => HEADERS.map((h) => o[h] ?? null);
const base = {
  DNI: '20111222',
  Nombre: 'Ana',
  Apellido: 'Pérez',
  'Tel 1': '011 4567-8901',
  Operación: 'OP-1',
  Producto: 'Tarjeta',
  Saldo: '1.500,00',
  Vencimiento: '31/12/2026',
  Empresa: 'Banco Sur',
};

describe('buildCases', () => {
  it("turns one clean row into a ready case with the service's shapes, recording each automatic fix", () => {
    const { cases, rowErrors } = buildCases(sheet(row(base)), 1, HEADERS, MAPPING, SETTINGS);
    expect(rowErrors).toEqual([]);
    const [c] = cases;
    expect(c).toMatchObject({ code: '20111222', firstName: 'Ana', lastName: 'Pérez', phones: ['1145678901'], status: 'ready', sourceRows: [3] });
    expect(c?.products).toEqual([{ debt_code: 'OP-1', pid: 'Tarjeta', debt: '1500.00', expiration: '2026-12-31' }]);
    expect(c?.params).toEqual({ company_name: 'Banco Sur' });
    expect(c?.issues.map((i) => [i.severity, i.kind, i.before, i.after])).toEqual([
      ['fix', 'phone-fixed', '011 4567-8901', '1145678901'],
      ['fix', 'amount-fixed', '1.500,00', '1500.00'],
      ['fix', 'date-fixed', '31/12/2026', '2026-12-31'],
    ]);
    expect(uploadRuleViolations(uploadEntry(c!), SETTINGS.maxPhonePriority)).toEqual([]);
  });

  it('groups rows with the same code into one case: products in row order, phones united, names from the first row', () => {
    const { cases } = buildCases(
      sheet(
        row({ ...base, Cuotas: 3 }),
        row({ ...base, Nombre: 'ANA MARIA', 'Tel 1': '011 15 5555-6666', Operación: 'OP-2', Producto: 'Préstamo', Saldo: 99.5, Cuotas: 12 }),
      ),
      1,
      HEADERS,
      MAPPING,
      SETTINGS,
    );
    expect(cases).toHaveLength(1);
    const [c] = cases;
    expect(c?.products.map((p) => p.debt_code)).toEqual(['OP-1', 'OP-2']);
    expect(c?.phones).toEqual(['1145678901', '1155556666']);
    expect(c?.firstName).toBe('Ana');
    expect(c?.sourceRows).toEqual([3, 4]);
    expect(c?.params.product_info).toEqual({ Tarjeta: { cuotas: 3 }, Préstamo: { cuotas: 12 } });
    expect(c?.issues.find((i) => i.kind === 'name-differs')).toMatchObject({ severity: 'warning', rows: [4] });
    expect(c?.status).toBe('warning');
  });

  it("tells a phone fix once when the product rows repeat the debtor's phone cell, with every row it is on", () => {
    const { cases } = buildCases(
      sheet(row({ ...base, Celular: 'sin dato' }), row({ ...base, Celular: 'sin dato', Operación: 'OP-2', Producto: 'Préstamo' })),
      1,
      HEADERS,
      MAPPING,
      SETTINGS,
    );
    const phoneIssues = cases[0]?.issues.filter((i) => i.field === 'phones').map((i) => [i.kind, i.before, i.rows]);
    expect(phoneIssues).toEqual([
      ['phone-fixed', '011 4567-8901', [3, 4]],
      ['phone-dropped', 'sin dato', [3, 4]],
    ]);
    expect(cases[0]?.phones).toEqual(['1145678901']);
  });

  it('still reports the same number written under two phone columns as repeated', () => {
    const { cases } = buildCases(
      sheet(row({ ...base, Celular: '(011) 4567-8901' }), row({ ...base, 'Tel 1': null, Celular: '11 4567 8901', Operación: 'OP-2' })),
      1,
      HEADERS,
      MAPPING,
      SETTINGS,
    );
    expect(cases[0]?.phones).toEqual(['1145678901']);
    expect(cases[0]?.issues.find((i) => i.kind === 'phone-duplicate')).toMatchObject({ params: { phone: '1145678901' }, rows: [3, 4] });
  });

  it('keeps the first max_phone_priority + 1 phones and warns', () => {
    const { cases } = buildCases(sheet(row({ ...base, Celular: '351 456-7890 / 341 455-6677' })), 1, HEADERS, MAPPING, SETTINGS);
    expect(cases[0]?.phones).toEqual(['1145678901', '3514567890']);
    expect(describeIssue(cases[0]!.issues.find((i) => i.kind === 'too-many-phones')!).messageEn).toMatch(/3 phones; the campaign takes 2/);
  });

  it('rejects a case with no valid phone, or with a product it cannot read, saying which field and row', () => {
    const { cases } = buildCases(
      sheet(
        row({ ...base, DNI: '1', 'Tel 1': 'sin dato' }),
        row({ ...base, DNI: '2', Saldo: 'mucho' }),
        row({ ...base, DNI: '3', Vencimiento: '31/02/2027' }),
        row({ ...base, DNI: '4', Producto: null }),
      ),
      1,
      HEADERS,
      MAPPING,
      SETTINGS,
    );
    expect(cases.map((c) => c.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(cases.map((c) => c.issues.filter((i) => i.severity === 'error').map((i) => i.field))).toEqual([
      ['phones'],
      ['products[0].debt'],
      ['products[0].expiration'],
      ['products[0].pid'],
    ]);
    expect(describeIssue(cases[2]!.issues.find((i) => i.severity === 'error')!)).toMatchObject({ rows: [5], messageEs: expect.stringContaining('31/02/2027') });
  });

  it('reports a row with data but no code (a totals row) as a row error, and skips blank rows', () => {
    const { cases, rowErrors } = buildCases(sheet(row(base), [], row({ Saldo: 321000, Nombre: 'TOTAL' })), 1, HEADERS, MAPPING, SETTINGS);
    expect(cases).toHaveLength(1);
    expect(rowErrors).toEqual([expect.objectContaining({ row: 5, kind: 'no-code' })]);
    expect(rowErrors[0]?.params).toEqual({ row: 5, column: 'DNI' });
    expect(describeIssue(rowErrors[0]!).messageEn).toMatch(/Row 5: .*"DNI"/);
  });

  it('keeps codes as text: leading zeros stay, numbers never gain ".0"', () => {
    const { cases } = buildCases(sheet(row({ ...base, DNI: '00012345' }), row({ ...base, DNI: 20333444 })), 1, HEADERS, MAPPING, SETTINGS);
    expect(cases.map((c) => c.code)).toEqual(['00012345', '20333444']);
  });

  it('uses the default area code for numbers written without one', () => {
    const { cases } = buildCases(sheet(row({ ...base, 'Tel 1': '4567-8901' })), 1, HEADERS, MAPPING, { ...SETTINGS, defaultAreaCode: '11' });
    expect(cases[0]?.phones).toEqual(['1145678901']);
  });

  it('says which mapped columns the file does not have', () => {
    expect(() => buildCases(sheet(row(base)), 1, HEADERS, { ...MAPPING, debt: 'Deuda total', phones: ['Tel 9'] }, SETTINGS)).toThrow(MappingError);
    expect(() => buildCases(sheet(row(base)), 1, HEADERS, { ...MAPPING, debt: 'Deuda total' }, SETTINGS)).toThrow(
      expect.objectContaining({ code: 'mapping.missing_columns', params: expect.objectContaining({ missing: ['Deuda total'] }) }),
    );
  });
});

describe('buildCases: Argentine checks', () => {
  it('drops a phone that cannot be real with a warning that says why, in es and en', () => {
    const { cases } = buildCases(
      sheet(row({ ...base, Celular: '351 111-1111' }), row({ ...base, DNI: '2', 'Tel 1': '(0351) 012-3457' })),
      1,
      HEADERS,
      MAPPING,
      SETTINGS,
    );
    const [kept, lost] = cases;
    expect(kept?.phones).toEqual(['1145678901']);
    const placeholder = kept?.issues.find((i) => i.kind === 'phone-dropped');
    expect(placeholder).toMatchObject({ severity: 'warning', rows: [3], before: '351 111-1111', params: { why: 'placeholder', pattern: 'repeated-digit' } });
    expect(describeIssue(placeholder!)).toMatchObject({
      messageEs: 'Se descartó "351 111-1111" (es un número de relleno: el mismo dígito repetido)',
      messageEn: '"351 111-1111" was dropped (a placeholder: one digit repeated)',
    });
    expect(kept?.status).toBe('warning');
    // Its only phone gone, the case has none left.
    expect(lost?.status).toBe('rejected');
    const startsWith0 = lost?.issues.find((i) => i.kind === 'phone-dropped');
    expect(startsWith0).toMatchObject({ rows: [4], params: { why: 'subscriber-starts-0-1', area: '351', subscriber: '0123457' } });
    expect(describeIssue(startsWith0!).messageEn).toBe('"(0351) 012-3457" was dropped (no number starts with 0 after area code 351)');
    expect(lost?.issues.find((i) => i.severity === 'error')?.kind).toBe('no-valid-phones');
  });

  it('keeps one number written three ways in a cell, the other spellings dropped as a fix naming it', () => {
    const { cases } = buildCases(sheet(row({ ...base, 'Tel 1': '351-4567890 / (0351) 15 4567890 / +54 9 351 4567890' })), 1, HEADERS, MAPPING, SETTINGS);
    const [c] = cases;
    expect(c?.phones).toEqual(['3514567890']);
    const dropped = c?.issues.filter((i) => i.kind === 'phone-dropped') ?? [];
    expect(dropped.map((i) => [i.severity, i.before])).toEqual([
      ['fix', '(0351) 15 4567890'],
      ['fix', '+54 9 351 4567890'],
    ]);
    expect(describeIssue(dropped[0]!).messageEs).toBe('Se descartó "(0351) 15 4567890" (es el mismo número que 3514567890, escrito de otra forma)');
    expect(c?.issues.some((i) => i.kind === 'phone-duplicate')).toBe(false);
    expect(c?.status).toBe('ready');
  });

  it('warns, without rejecting, about a CUIT/CUIL code whose check digit is wrong, naming its rows', () => {
    const { cases } = buildCases(
      sheet(
        row({ ...base, DNI: '20123456781' }),
        row({ ...base, DNI: '20123456781', Operación: 'OP-2' }),
        row({ ...base, DNI: '20-12345678-6' }),
        row({ ...base, DNI: '30710920571' }),
      ),
      1,
      HEADERS,
      MAPPING,
      SETTINGS,
    );
    const [wrong, dashed, company] = cases;
    const warning = wrong?.issues.find((i) => i.kind === 'cuit-check-digit');
    expect(warning).toMatchObject({ severity: 'warning', field: 'code', rows: [3, 4], params: { code: '20123456781', expected: 6 } });
    expect(describeIssue(warning!).messageEn).toBe('Code 20123456781 looks like a CUIT/CUIL, but its check digit should be 6: check it');
    expect(describeIssue(warning!).messageEs).toMatch(/^El código 20123456781 parece un CUIT\/CUIL, pero su dígito verificador debería ser 6/);
    expect(wrong?.status).toBe('warning');
    expect(wrong?.products).toHaveLength(2);
    for (const good of [dashed, company]) expect(good?.issues.filter((i) => i.field === 'code')).toEqual([]);
  });

  it('warns about a DNI-looking code below 1,000,000', () => {
    const { cases } = buildCases(sheet(row({ ...base, DNI: '00012345' }), row({ ...base, DNI: '7654321' })), 1, HEADERS, MAPPING, SETTINGS);
    const warning = cases[0]?.issues.find((i) => i.kind === 'dni-out-of-range');
    expect(warning).toMatchObject({ severity: 'warning', field: 'code', rows: [3], params: { code: '00012345', value: 12345 } });
    expect(describeIssue(warning!).messageEs).toBe('El código 00012345 parece un DNI, pero 12345 es menor que 1.000.000: verifíquelo');
    expect(cases[0]?.status).toBe('warning');
    expect(cases[1]?.issues.filter((i) => i.field === 'code')).toEqual([]);
  });
});

const ROW: RawRow = {
  row: 2,
  firstName: 'Ana',
  lastName: 'Pérez',
  phones: [],
  debtCode: 'OP-1',
  pid: 'Tarjeta',
  subId: '',
  debt: '1500,00',
  expiration: '31/12/2026',
  params: {},
  productInfo: {},
};

describe('phonesOfRows', () => {
  it('gives every phone a case would keep with no limit, the ones the limit cuts too', () => {
    const raw: RawRow[] = [
      { ...ROW, row: 2, phones: ['011 4333-4444 / 0261 555-1200', '351 456-7890', null] },
      // A second product repeats one cell and adds another (a number cell, and a 15 with the default area code).
      { ...ROW, row: 3, phones: ['011 4333-4444 / 0261 555-1200', 3814000001, '15 4444-5555'] },
    ];
    const settings: PrepareSettings = { decimalSeparator: ',', dateOrder: 'DMY', defaultAreaCode: '11', maxPhonePriority: 1 };
    const limited = caseFromRaw('20123456', raw, settings);
    expect(limited.phones).toHaveLength(2);
    const all = caseFromRaw('20123456', raw, { ...settings, maxPhonePriority: 99 }).phones;
    expect(all).toHaveLength(5);
    expect([...phonesOfRows(raw, settings)].sort()).toEqual([...all].sort());
  });
});
