// Rows of a sheet → cases: rows with the same code form one case, every value normalized, every
// change and problem recorded with its rows so the agent can see it. Pure: no I/O.
import { getDataKey, setDataKey, typedRuleViolations, type Product } from '../../contract';
import type { CaseRecord, PreparedStatus } from '../../domain/case-record';
import type { ColumnMapping, DateOrder } from '../../domain/mapping-file';
import { checkCaseCode, cleanCode, mergeCasePhones, normalizeAmount, normalizeDate, normalizePhoneCell, type PhoneCellOptions } from '../normalize';
import type { Cell, RowSource } from '../reading/read-table';
import { matchLedger, type LedgerIndex } from '../ledger/apply-ledger';
import { serviceRuleParams } from '../../domain/issue-texts/wording';
import { groupRowsByCode } from './group-rows';
import { rawRow, resolveColumns } from './mapped-rows';
import { issue, type PreparedIssue, type RowError, type Severity } from './prepared-issue';
import { hasKeys, type RawRow } from './raw-rows';

export { packRaw, unpackRaw, type RawRow, type StoredValues } from './raw-rows';

export interface PrepareSettings {
  decimalSeparator: ',' | '.';
  dateOrder: DateOrder;
  defaultAreaCode?: string | undefined;
  date1904?: boolean;
  /** The target campaign's: a case takes at most max_phone_priority + 1 phones. */
  maxPhonePriority: number;
  /** The do-not-contact entries that apply to this batch: listed phones are taken off, listed codes suppressed. */
  ledger?: LedgerIndex | undefined;
}

/** A case as preparation builds it, with what it found on the way. */
export interface PreparedCase extends CaseRecord<PreparedStatus> {
  issues: PreparedIssue[];
}

const shown = (cell: Cell | undefined) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? ''));

interface Draft {
  code: string;
  firstName: string;
  lastName: string;
  phoneLists: string[][];
  products: (Product | null)[];
  productInfo: Record<string, Record<string, unknown>>;
  params: Record<string, unknown>;
  rows: number[];
  issues: PreparedIssue[];
}

/** Where building spent its time (benchmarks): rows normalised into a case, then the case checked. */
export interface BuildClock {
  normaliseMs: number;
  checkMs: number;
}

/** A case with the raw rows it was built from. */
export interface BuiltCase extends PreparedCase {
  raw: RawRow[];
}

/**
 * Builds the cases of a sheet. `headerIndex` is the 0-based header row; rows below it are data.
 * Row numbers in issues are 1-based, as the agent sees them in the spreadsheet.
 */
export function buildCases(
  rows: readonly (readonly Cell[])[],
  headerIndex: number,
  headers: readonly string[],
  mapping: ColumnMapping,
  settings: PrepareSettings,
): { cases: BuiltCase[]; rowErrors: RowError[] } {
  const built = casesOfSheet(rows, headerIndex, headers, mapping, settings);
  return { cases: [...built.cases()], rowErrors: built.rowErrors };
}

/**
 * The same, one case at a time: rows are grouped by code first (only their indexes are kept), then
 * each case is built when asked for, so a 100,000-case import never holds every case in memory.
 */
export function casesOfSheet(
  rows: RowSource,
  headerIndex: number,
  headers: readonly string[],
  mapping: ColumnMapping,
  settings: PrepareSettings,
  clock?: BuildClock,
): { count: number; rowErrors: RowError[]; cases(): Generator<BuiltCase> } {
  const col = resolveColumns(headers, mapping);
  const grouped = groupRowsByCode(rows, headerIndex + 1, col.code, mapping.code);
  return {
    count: grouped.count,
    rowErrors: grouped.rowErrors,
    *cases() {
      for (const indexes of grouped.groups()) {
        const started = clock ? performance.now() : 0;
        const firstRow = rows.at(indexes[0] as number) ?? [];
        // The code as grouping read it: the same cell of the same row.
        const code = cleanCode(firstRow[col.code] as string | number | null | undefined);
        const raw = indexes.map((r, n) => rawRow(n === 0 ? firstRow : (rows.at(r) ?? []), r + 1, col));
        if (!clock) {
          yield caseFromRaw(code, raw, settings);
          continue;
        }
        const draft = draftOfRows(code, raw, settings);
        const normalised = performance.now();
        const built = Object.assign(finish(draft, settings), { raw });
        clock.normaliseMs += normalised - started;
        clock.checkMs += performance.now() - normalised;
        yield built;
      }
    },
  };
}

/** The case these raw rows make under these settings: the one place the rules are applied. */
export function caseFromRaw(code: string, raw: readonly RawRow[], settings: PrepareSettings): BuiltCase {
  return Object.assign(finish(draftOfRows(code, raw, settings), settings), { raw: [...raw] });
}

/** Every row's values normalised into one draft; the case's checks come after (finish). */
function draftOfRows(code: string, raw: readonly RawRow[], settings: PrepareSettings): Draft {
  const draft: Draft = { code, firstName: '', lastName: '', phoneLists: [], products: [], productInfo: {}, params: {}, rows: [], issues: [] };
  // A case of one row cannot repeat a cell: no need to remember them.
  const phoneCells: PhoneCellsSeen | null = raw.length > 1 ? new Map() : null;
  const phoneOptions = { defaultAreaCode: settings.defaultAreaCode };
  for (const row of raw) addRow(draft, row, settings, phoneCells, phoneOptions);
  return draft;
}

/**
 * Every phone a case's rows give, before the ledger and the campaign's limit, in no order: to tell
 * cheaply whether the ledger lists one the limit cut (caseFromRaw keeps them in their order).
 */
export function phonesOfRows(raw: readonly RawRow[], settings: Pick<PrepareSettings, 'defaultAreaCode'>): Set<string> {
  const phones = new Set<string>();
  const cells = new Set<string | number>();
  for (const row of raw)
    for (const cell of row.phones) {
      if (cell === null || cells.has(cell)) continue;
      cells.add(cell);
      for (const p of normalizePhoneCell(cell, { defaultAreaCode: settings.defaultAreaCode }).phones) phones.add(p.value);
    }
  return phones;
}

/**
 * A case's rows (one per product) usually repeat the debtor's phone cells. A cell seen before in
 * the same column is the same phone: its fixes gain the row instead of being told again, and its
 * numbers are not "repeated" (the same number under another column still is).
 */
type PhoneCellsSeen = Map<string, PreparedIssue[]>;

function addRow(d: Draft, raw: RawRow, s: PrepareSettings, phoneCells: PhoneCellsSeen | null, phoneOptions: PhoneCellOptions): void {
  const first = d.rows.length === 0;
  d.rows.push(raw.row);
  const at = [raw.row];
  if (first) {
    d.firstName = raw.firstName;
    d.lastName = raw.lastName;
  } else {
    for (const [field, mine, other] of [
      ['first_name', d.firstName, raw.firstName],
      ['last_name', d.lastName, raw.lastName],
    ] as const) {
      if (other !== '' && other.toLowerCase() !== mine.toLowerCase()) d.issues.push(issue('warning', 'name-differs', field, at, { field, first: mine, other }));
    }
  }

  for (let column = 0; column < raw.phones.length; column++) {
    const cell = raw.phones[column] ?? null;
    if (cell === null) continue;
    const key = phoneCells ? `${column}\u0000${cell}` : '';
    const told = phoneCells?.get(key);
    if (told) {
      for (const i of told) i.rows.push(raw.row);
      continue;
    }
    const result = normalizePhoneCell(cell, phoneOptions);
    const issues: PreparedIssue[] = [];
    d.phoneLists.push(result.phones.map((p) => p.value));
    for (const p of result.phones) {
      if (p.changes.length > 0) issues.push(changeIssue('fix', 'phone-fixed', 'phones', [raw.row], p.original, p.value));
    }
    for (const dropped of result.dropped) {
      if (dropped.reason === 'empty') continue;
      // Another spelling of a number kept from the same cell is a fix; anything else lost is a warning.
      const params = dropped.detail ? { ...dropped.detail, before: dropped.original, why: dropped.reason } : { before: dropped.original, why: dropped.reason };
      issues.push(issue(dropped.reason === 'duplicate' ? 'fix' : 'warning', 'phone-dropped', 'phones', [raw.row], params, { before: dropped.original }));
    }
    phoneCells?.set(key, issues);
    for (const i of issues) d.issues.push(i);
  }

  const productIndex = d.products.length;
  d.products.push(readProduct(d, raw, at, productIndex, s));
  // Keyed by the product code, a creditor's value: "__proto__" or "constructor" included.
  if (hasKeys(raw.productInfo)) setDataKey(d.productInfo, raw.pid, { ...getDataKey(d.productInfo, raw.pid), ...raw.productInfo });
  if (first) d.params = { ...raw.params };
}

/**
 * An issue whose params are its before and after: one object serves as both (issue() only reads
 * the second), for the three fixes of most cases.
 */
function changeIssue(
  severity: Severity,
  kind: 'phone-fixed' | 'amount-fixed' | 'amount-ambiguous' | 'date-fixed',
  field: string,
  rows: number[],
  before: string,
  after: string,
): PreparedIssue {
  const change = { before, after };
  return issue(severity, kind, field, rows, change, change);
}

/** "products[0].debt" and its kin, made once per product position. */
const productField: { debt: string; expiration: string }[] = [];
function productFields(i: number): { debt: string; expiration: string } {
  return (productField[i] = { debt: `products[${i}].debt`, expiration: `products[${i}].expiration` });
}

function missingField(d: Draft, i: number, name: string, value: string, at: number[]): boolean {
  if (value !== '') return false;
  d.issues.push(issue('error', 'product-field-missing', `products[${i}].${name}`, at, { field: name }));
  return true;
}

function readProduct(d: Draft, raw: RawRow, at: number[], i: number, s: PrepareSettings): Product | null {
  const field = productField[i] ?? productFields(i);
  let ok = !missingField(d, i, 'debt_code', raw.debtCode, at);
  ok = !missingField(d, i, 'pid', raw.pid, at) && ok;
  const debtCode = raw.debtCode;
  const pid = raw.pid;

  const amount = normalizeAmount(raw.debt, { decimalSeparator: s.decimalSeparator });
  let debt = '';
  if (amount.ok) {
    debt = amount.value;
    if (amount.ambiguous) d.issues.push(changeIssue('warning', 'amount-ambiguous', field.debt, at, shown(raw.debt), debt));
    else if (amount.changed && typeof raw.debt === 'string') d.issues.push(changeIssue('fix', 'amount-fixed', field.debt, at, raw.debt, debt));
  } else {
    d.issues.push(issue('error', 'amount-invalid', field.debt, at, { before: shown(raw.debt), why: amount.reason }, { before: shown(raw.debt) }));
    ok = false;
  }

  const date = normalizeDate(raw.expiration, { dateOrder: s.dateOrder, date1904: s.date1904 ?? false });
  let expiration = '';
  if (date.ok) {
    expiration = date.value;
    if (date.changed && typeof raw.expiration === 'string') d.issues.push(changeIssue('fix', 'date-fixed', field.expiration, at, raw.expiration, expiration));
  } else {
    d.issues.push(issue('error', 'date-invalid', field.expiration, at, { before: shown(raw.expiration), why: date.reason }, { before: shown(raw.expiration) }));
    ok = false;
  }
  if (!ok) return null;
  return raw.subId === '' ? { debt_code: debtCode, pid, debt, expiration } : { debt_code: debtCode, pid, sub_id: raw.subId, debt, expiration };
}

function finish(d: Draft, s: PrepareSettings): PreparedCase {
  const issues = d.issues;
  const { phones: merged, duplicates } = mergeCasePhones(d.phoneLists);
  for (const phone of duplicates) issues.push(issue('fix', 'phone-duplicate', 'phones', d.rows, { phone }));
  // Before the campaign's limit: a listed phone leaves its place to the next one.
  const ledger = s.ledger ? matchLedger({ code: d.code, phones: merged, sourceRows: d.rows }, s.ledger) : null;
  const callable = ledger ? ledger.phones : merged;
  if (ledger) issues.push(...ledger.issues);
  const maxPhones = s.maxPhonePriority + 1;
  let phones = callable;
  if (callable.length === 0 && !ledger?.suppressed) issues.push(issue('error', 'no-valid-phones', 'phones', d.rows, {}));
  else if (callable.length > maxPhones) {
    issues.push(issue('warning', 'too-many-phones', 'phones', d.rows, { kept: maxPhones, total: callable.length }));
    phones = callable.slice(0, maxPhones);
  }
  for (const [field, value] of [
    ['first_name', d.firstName],
    ['last_name', d.lastName],
  ] as const) {
    if (value === '') issues.push(issue('warning', 'name-missing', field, d.rows, { field }));
  }
  codeWarning(d, issues);
  const products = d.products.filter((p): p is Product => p !== null);
  // The draft is this case's alone (its params a copy of the first row's): no need to copy them again.
  const params: Record<string, unknown> = d.params;
  if (hasKeys(d.productInfo)) params.product_info = d.productInfo;
  const prepared: PreparedCase = {
    code: d.code,
    firstName: d.firstName,
    lastName: d.lastName,
    phones,
    products,
    params,
    sourceRows: d.rows,
    status: 'ready',
    issues,
  };
  // The service's own rules, last: whatever slipped through is an error here, not a rejection there.
  if (ledger?.suppressed) {
    prepared.status = 'suppressed';
    return prepared;
  }
  if (!issues.some((i) => i.severity === 'error')) {
    for (const v of typedRuleViolations(uploadEntry(prepared), s.maxPhonePriority)) {
      issues.push(issue('error', 'service-rule', v.path || 'case', d.rows, serviceRuleParams(v)));
    }
  }
  prepared.status = statusOf(issues);
  return prepared;
}

/** A code that looks like a CUIT/CUIL or DNI but cannot be one: a warning, the code stays the key. */
function codeWarning(d: Draft, issues: PreparedIssue[]): void {
  const check = checkCaseCode(d.code);
  if (check.kind === 'cuit' && !check.ok) issues.push(issue('warning', 'cuit-check-digit', 'code', d.rows, { code: d.code, expected: check.expected }));
  else if (check.kind === 'dni' && !check.ok) issues.push(issue('warning', 'dni-out-of-range', 'code', d.rows, { code: d.code, value: check.value }));
}

export function statusOf(issues: readonly PreparedIssue[]): 'ready' | 'warning' | 'rejected' {
  if (issues.some((i) => i.severity === 'error')) return 'rejected';
  if (issues.some((i) => i.severity === 'warning')) return 'warning';
  return 'ready';
}

/** The case as the upload body carries it (its code is the key). */
export function uploadEntry(c: Pick<PreparedCase, 'firstName' | 'lastName' | 'phones' | 'products' | 'params'>) {
  return { products: c.products, params: c.params, first_name: c.firstName, last_name: c.lastName, phone_settings: { phone_list: c.phones } };
}
