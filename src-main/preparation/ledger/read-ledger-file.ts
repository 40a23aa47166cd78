// A do-not-contact list as a spreadsheet (.xlsx, .csv, … read like a creditor's file): columns phone
// and/or code, reason, until, creditor, found under title rows by their names (Spanish or English)
// or named by a mapping. A bad row is reported with its file, row and column; the good ones still count.
import { Failure, type FailureParams } from '../../domain/failures/failure';
import { LEDGER_REASONS, type LedgerKind, type LedgerReason, type LedgerRowProblem, type LedgerRowProblemCode } from '../../domain/ledger';

export type { LedgerRowProblem, LedgerRowProblemCode } from '../../domain/ledger';
import { findHeaderRow, headerNames, normalizeHeader } from '../mapping/headers';
import { normalizeDate, normalizePhoneCell } from '../normalize';
import type { SourceFile } from '../preparation-types';
import { columnLetter } from '../reading/read-errors';
import { LEDGER_READ_LIMITS } from '../reading/read-limits';
import { readTable, type Cell, type Sheet } from '../reading/read-table';
import { cleanText } from '../normalize';
import { ledgerCode, ledgerPhone } from './ledger-types';
import type { LedgerMapping } from '../../domain/ledger-mapping';

export { LedgerMapping } from '../../domain/ledger-mapping';

type Field = keyof LedgerMapping['columns'];

/** Header names each field is known by (compared normalized). */
const SYNONYMS: Record<Field, string[]> = {
  phone: ['telefono', 'tel', 'celular', 'movil', 'numero', 'nro telefono', 'phone', 'phone number', 'mobile', 'whatsapp'],
  code: ['codigo', 'codigo caso', 'code', 'case code', 'dni', 'cuit', 'cuil', 'documento', 'nro documento', 'id cliente'],
  reason: ['motivo', 'razon', 'causa', 'reason'],
  until: ['hasta', 'vence', 'vencimiento', 'valido hasta', 'expira', 'until', 'expires', 'expiry'],
  creditor: ['acreedor', 'cliente', 'empresa', 'creditor'],
};
const KNOWN = new Set(Object.values(SYNONYMS).flat());

/** Reasons as people write them in a list: the codes themselves, or words in Spanish or English. */
const REASON_WORDS: Record<string, LedgerReason> = Object.fromEntries([
  ...LEDGER_REASONS.map((r) => [normalizeHeader(r), r] as const),
  ...(
    [
      ['pidio', 'debtor-asked'],
      ['lo pidio', 'debtor-asked'],
      ['pedido del deudor', 'debtor-asked'],
      ['lo pidio el deudor', 'debtor-asked'],
      ['no llamar', 'debtor-asked'],
      ['debtor asked', 'debtor-asked'],
      ['numero equivocado', 'wrong-number'],
      ['equivocado', 'wrong-number'],
      ['wrong number', 'wrong-number'],
      ['fallecido', 'deceased'],
      ['fallecida', 'deceased'],
      ['judicial', 'legal'],
      ['en juicio', 'legal'],
      ['tramite legal', 'legal'],
      ['instruccion del acreedor', 'creditor-instruction'],
      ['pedido del acreedor', 'creditor-instruction'],
      ['creditor instruction', 'creditor-instruction'],
      ['otro', 'other'],
      ['otros', 'other'],
    ] as const
  ).map(([words, r]) => [normalizeHeader(words), r] as const),
]);

export interface LedgerFileEntry {
  row: number;
  kind: LedgerKind;
  value: string;
  reason: LedgerReason;
  until: string | null;
  creditor: string | null;
}

export interface LedgerFileContents {
  file: string;
  sheet: string;
  headerRow: number;
  entries: LedgerFileEntry[];
  problems: LedgerRowProblem[];
}

/** The file cannot be a ledger at all (no sheet, no header, no phone or code column): a stable code and where. */
export class LedgerFileError<C extends LedgerFileCode = LedgerFileCode> extends Failure<C> {
  constructor(
    code: C,
    params: FailureParams<C>,
    readonly place: { file: string; sheet?: string; column?: string },
  ) {
    super(code, params);
    this.name = 'LedgerFileError';
  }
}

type LedgerFileCode = 'ledger.no_such_sheet' | 'ledger.no_header' | 'ledger.no_key_column' | 'ledger.no_column';

export interface ReadLedgerOptions {
  mapping?: LedgerMapping | undefined;
  /** For rows without a reason. */
  defaultReason?: LedgerReason;
  defaultAreaCode?: string | undefined;
}

export async function readLedgerFile(file: SourceFile, options: ReadLedgerOptions = {}): Promise<LedgerFileContents> {
  const table = await readTable(file.bytes, file.name, LEDGER_READ_LIMITS);
  const mapping = options.mapping;
  const sheet = pickSheet(table.sheets, mapping?.sheet, table.fileName);
  const { headerRow, columns } = ledgerLayout(sheet, mapping, table.fileName);
  const out: LedgerFileContents = { file: table.fileName, sheet: sheet.name, headerRow, entries: [], problems: [] };
  const read = ledgerRowReader(columns, { ...options, file: table.fileName, sheet: sheet.name, date1904: table.date1904 });
  sheet.rows.forEach((cells, i) => {
    if (i < headerRow) return;
    read(
      cells,
      i + 1,
      (e) => out.entries.push(e),
      (p) => out.problems.push(p),
    );
  });
  return out;
}

/** Where a list's header is (1-based; 0 when it has none) and which column holds what. */
export interface LedgerLayout {
  headerRow: number;
  columns: LedgerColumns;
}

export type LedgerColumns = Partial<Record<Field, number>>;

/**
 * The header and columns of a list's sheet: named by the mapping, or found by their names. A list
 * with no header whose first row starts with a phone is one number per line (national registers).
 */
export function ledgerLayout(sheet: Sheet, mapping: LedgerMapping | undefined, file: string): LedgerLayout {
  const headerIndex = mapping?.header_row !== undefined ? mapping.header_row - 1 : headerRowOf(sheet);
  if (headerIndex === null && mapping === undefined && startsWithPhone(sheet)) return { headerRow: 0, columns: { phone: 0 } };
  if (headerIndex === null || headerIndex >= sheet.rows.length) {
    throw new LedgerFileError('ledger.no_header', { file, sheet: sheet.name }, { file, sheet: sheet.name });
  }
  const headers = headerNames(sheet.rows[headerIndex] ?? []).map(normalizeHeader);
  return { headerRow: headerIndex + 1, columns: columnsOf(headers, mapping, { file, sheet: sheet.name }) };
}

/** The first row with anything in it holds a phone in its first cell, and nothing else. */
function startsWithPhone(sheet: Sheet): boolean {
  const first = sheet.rows.find((cells) => !blankRow(cells));
  if (!first || first.slice(1).some((c) => c !== null && cleanText(c) !== '')) return false;
  const cell = first[0] ?? null;
  return cell !== null && ledgerPhone(typeof cell === 'number' ? cell : cleanText(cell)).ok;
}

const blankRow = (cells: readonly Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

export interface LedgerRowContext extends ReadLedgerOptions {
  file: string;
  sheet: string;
  date1904: boolean;
}

/**
 * Reads one row of a list (1-based `row`) into its entries, or the problems that kept it from giving
 * any: the same rules for a list read whole and one streamed. A blank row gives nothing.
 */
export function ledgerRowReader(
  columns: LedgerColumns,
  context: LedgerRowContext,
): (cells: readonly Cell[], row: number, entry: (e: LedgerFileEntry) => void, problem: (p: LedgerRowProblem) => void) => void {
  return (cells, row, addEntry, addProblem) => {
    if (blankRow(cells)) return;
    const problem = (code: LedgerRowProblemCode, column: number | null, params: Record<string, string> = {}) =>
      addProblem({ code, file: context.file, sheet: context.sheet, row, column: column === null ? null : columnLetter(column), params });
    const cell = (field: Field): Cell => (columns[field] === undefined ? null : (cells[columns[field]] ?? null));
    const text = (field: Field) => cleanText(cell(field));
    // The safe side, always: a phone or code is held even when the rest of its row cannot be read (an
    // unknown reason holds as "other", an unreadable last day holds for ever); each problem is still said.
    let reason: LedgerReason = context.defaultReason ?? 'other';
    if (text('reason') !== '') {
      const known = REASON_WORDS[normalizeHeader(text('reason'))];
      if (known) reason = known;
      else {
        problem('reason-unknown', columns.reason ?? null, { value: text('reason') });
        reason = 'other';
      }
    }
    let until: string | null = null;
    const untilCell = cell('until');
    if (untilCell !== null && text('until') !== '') {
      const date = normalizeDate(untilCell as string | number | Date, { dateOrder: 'DMY', date1904: context.date1904 });
      if (date.ok) until = date.value;
      else problem('until-invalid', columns.until ?? null, { value: text('until'), why: date.reason });
    }
    const creditor = text('creditor') || null;
    const found: Omit<LedgerFileEntry, 'row' | 'reason' | 'until' | 'creditor'>[] = [];
    let keyProblem = false;
    if (columns.phone !== undefined && text('phone') !== '') {
      const phoneCell = cell('phone');
      const written = typeof phoneCell === 'number' ? phoneCell : text('phone');
      const phone = ledgerPhone(written, context.defaultAreaCode);
      if (phone.ok) found.push({ kind: 'phone', value: phone.value });
      // Two numbers in one cell: both are held (one entry each).
      else if (phone.reason === 'several-numbers')
        for (const p of normalizePhoneCell(written, { defaultAreaCode: context.defaultAreaCode }).phones) found.push({ kind: 'phone', value: p.value });
      else {
        problem('phone-invalid', columns.phone, { value: text('phone'), why: phone.reason });
        keyProblem = true;
      }
    }
    if (columns.code !== undefined && text('code') !== '') {
      const codeCell = cell('code');
      const code = ledgerCode(typeof codeCell === 'number' ? codeCell : text('code'));
      if (code !== '') found.push({ kind: 'code', value: code });
      else {
        problem('code-empty', columns.code, { value: text('code') });
        keyProblem = true;
      }
    }
    if (found.length === 0 && !keyProblem) {
      problem('no-phone-or-code', null);
      return;
    }
    for (const f of found) addEntry({ row, ...f, reason, until, creditor });
  };
}

function pickSheet(sheets: readonly Sheet[], wanted: string | undefined, file: string): Sheet {
  if (wanted !== undefined) {
    const sheet = sheets.find((s) => s.name === wanted);
    if (!sheet) throw new LedgerFileError('ledger.no_such_sheet', { file, sheet: wanted }, { file, sheet: wanted });
    return sheet;
  }
  return sheets.find((s) => headerRowOf(s) !== null) ?? (sheets[0] as Sheet);
}

/** The header row: found as a creditor file's is, or a first row that names a phone or code column on its own. */
function headerRowOf(sheet: Sheet): number | null {
  const names = (row: readonly Cell[] | undefined) => (row ?? []).map(normalizeHeader);
  const keyed = (i: number) => names(sheet.rows[i]).some((h) => SYNONYMS.phone.includes(h) || SYNONYMS.code.includes(h));
  const found = findHeaderRow(sheet.rows, KNOWN);
  if (found !== null && keyed(found)) return found;
  for (let i = 0; i < Math.min(sheet.rows.length, 30); i++) if (keyed(i)) return i;
  return null;
}

function columnsOf(headers: readonly string[], mapping: LedgerMapping | undefined, place: { file: string; sheet: string }): Partial<Record<Field, number>> {
  const out: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(SYNONYMS) as Field[]) {
    const named = mapping?.columns[field];
    if (named !== undefined) {
      const i = headers.indexOf(normalizeHeader(named));
      if (i < 0)
        throw new LedgerFileError('ledger.no_column', { file: place.file, sheet: place.sheet ?? '', column: named, field }, { ...place, column: named });
      out[field] = i;
      continue;
    }
    if (mapping?.columns.phone !== undefined || mapping?.columns.code !== undefined) continue;
    const i = headers.findIndex((h) => SYNONYMS[field].includes(h));
    if (i >= 0) out[field] = i;
  }
  if (out.phone === undefined && out.code === undefined) {
    throw new LedgerFileError('ledger.no_key_column', { file: place.file, sheet: place.sheet ?? '' }, place);
  }
  return out;
}
