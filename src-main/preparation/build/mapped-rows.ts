// A sheet's row read through the agent's column mapping: the mapped headers found among the sheet's,
// and each row's cells picked into the raw row a case is built from (names split, texts cleaned).
import { Failure } from '../../domain/failures/failure';
import { setDataKey } from '../../contract';
import type { ColumnMapping } from '../../domain/mapping-file';
import { normalizeHeader } from '../mapping/headers';
import { cleanText } from '../normalize';
import type { Cell } from '../reading/read-table';
import { isBlankCell } from './group-rows';
import type { RawRow } from './raw-rows';

/** The mapping names columns the sheet does not have: which ones, as data (`missing`) and in the words. */
export class MappingError extends Failure<'mapping.missing_columns'> {
  constructor(readonly missing: string[]) {
    super('mapping.missing_columns', { columns: missing.map((m) => `"${m}"`), missing });
    this.name = 'MappingError';
  }
}

export interface Columns {
  code: number;
  firstName?: number;
  lastName?: number;
  fullName?: number;
  phones: number[];
  debtCode: number;
  pid: number;
  subId?: number;
  debt: number;
  expiration: number;
  params: [string, number][];
  productInfo: [string, number][];
}

/** Header names of the mapping → column indexes; every mapped header must exist. */
export function resolveColumns(headers: readonly string[], mapping: ColumnMapping): Columns {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (!index.has(key)) index.set(key, i);
  });
  const missing: string[] = [];
  const find = (name: string) => {
    const i = index.get(normalizeHeader(name));
    if (i === undefined) missing.push(name);
    return i ?? -1;
  };
  const optional = (name: string | undefined) => (name === undefined ? undefined : find(name));
  const columns: Columns = {
    code: find(mapping.code),
    firstName: optional(mapping.first_name),
    lastName: optional(mapping.last_name),
    fullName: optional(mapping.full_name),
    phones: mapping.phones.map(find),
    debtCode: find(mapping.debt_code),
    pid: find(mapping.pid),
    subId: optional(mapping.sub_id),
    debt: find(mapping.debt),
    expiration: find(mapping.expiration),
    params: Object.entries(mapping.params ?? {}).map(([key, header]) => [key, find(header)]),
    productInfo: Object.entries(mapping.product_info ?? {}).map(([key, header]) => [key, find(header)]),
  };
  if (missing.length > 0) throw new MappingError(missing);
  return columns;
}

/** "PÉREZ, Juan Carlos" → Pérez / Juan Carlos; without a comma the last word is the last name. */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const comma = full.indexOf(',');
  if (comma >= 0) return { lastName: full.slice(0, comma).trim(), firstName: full.slice(comma + 1).trim() };
  const words = full.split(' ');
  if (words.length === 1) return { firstName: '', lastName: full };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] ?? '' };
}

const jsonCell = (cell: Cell | undefined): string | number | null => {
  if (typeof cell === 'string' || typeof cell === 'number') return cell;
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return String(cell);
  return cell;
};

export function rawRow(row: readonly Cell[], rowNumber: number, col: Columns): RawRow {
  let names: { firstName: string; lastName: string };
  if (col.fullName !== undefined) names = splitFullName(cleanText(row[col.fullName] as string | null));
  else names = { firstName: cleanText(row[col.firstName ?? -1] as string | null), lastName: cleanText(row[col.lastName ?? -1] as string | null) };
  const phones: (string | number | null)[] = [];
  for (const c of col.phones) phones.push(jsonCell(row[c]));
  return {
    row: rowNumber,
    ...names,
    phones,
    debtCode: cleanText(row[col.debtCode] as string | null),
    pid: cleanText(row[col.pid] as string | null),
    subId: col.subId === undefined ? '' : cleanText(row[col.subId] as string | null),
    debt: jsonCell(row[col.debt]),
    expiration: jsonCell(row[col.expiration]),
    params: pickCells(row, col.params),
    productInfo: pickCells(row, col.productInfo),
  };
}

// Hot-path helpers are module functions, not closures: this runs for every row of 100,000-row files.
function pickCells(row: readonly Cell[], pairs: readonly [string, number][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, c] of pairs) {
    const value = row[c];
    // The keys are the mapping's, from the agent: "__proto__" is one like any other.
    if (!isBlankCell(value)) setDataKey(out, key, typeof value === 'string' ? cleanText(value) : jsonCell(value));
  }
  return out;
}
