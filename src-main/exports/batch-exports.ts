// A batch for the spreadsheet: the error report the agent corrects (and imports back), and the clean
// batch of ready cases. Cells that a spreadsheet would run as formulas are neutralised by the writer.
import { formatIssueText } from '../domain/issue-texts/issue-text';
import { fieldLabel, issueText } from '../domain/issue-texts/wording';
import { readablePhone } from '../domain/phone-display';
import { unpackRaw } from '../preparation/build/build-cases';
import { CORRECTION_HEADERS, CORRECTIONS_SHEET } from '../preparation/corrections-sheet';
import { Failure } from '../domain/failures/failure';
import { countCasesByStatus, listIssues, pageCasesWithRaw, type Store } from '../store';
import { argentineDay, type SheetData } from './xlsx-writer';

export const REASONS_SHEET = 'Motivos';
export const CLEAN_HEADERS = ['Código', 'Nombre', 'Apellido', 'Teléfonos', 'Nro Operación', 'Producto', 'Subproducto', 'Saldo', 'Vencimiento'] as const;

const STATUS_ES: Record<string, string> = {
  ready: 'listo',
  warning: 'con advertencias',
  rejected: 'rechazado',
  excluded: 'excluido',
  suppressed: 'no contactar',
};

/**
 * The most rows a batch's spreadsheet gets: SheetJS builds a workbook whole in memory, and 200,000
 * rows took 7 s and 750 MB here; a million-case batch's report would take minutes and gigabytes.
 */
export const SHEET_MAX_ROWS = 250_000;

/** Refuses, before anything is read, a sheet of more cases than SHEET_MAX_ROWS; `cases` is returned for the rows' own check. */
function refuseTooManyCases(store: Store, batchId: number, statuses: readonly (keyof ReturnType<typeof countCasesByStatus>)[], max: number): number {
  const counts = countCasesByStatus(store.db, batchId);
  const cases = statuses.reduce((n, s) => n + counts[s], 0);
  if (cases > max) throw new Failure('export.too_big', { cases, max });
  return cases;
}

/** A case of several rows (or reasons) makes a sheet longer than its cases: checked again as rows are added, the header not counted. */
function refuseTooManyRows(rows: readonly unknown[], cases: number, max: number): void {
  if (rows.length > max + 1) throw new Failure('export.too_big', { cases, max });
}

function* casesOf(store: Store, batchId: number) {
  for (let afterId = 0; ;) {
    const page = pageCasesWithRaw(store.db, batchId, afterId, 1000);
    if (page.length === 0) return;
    afterId = page[page.length - 1]?.id ?? afterId;
    yield* page;
  }
}

/**
 * The error report: every rejected case, every case with warnings and every suppressed one, one row per source row,
 * holding the values as the file had them (so the agent sees what to fix), and the reasons.
 * Importing it back (import-corrections.ts) replaces those cases by code.
 */
export function errorReportSheets(store: Store, batchId: number, maxRows = SHEET_MAX_ROWS): SheetData[] {
  const cases = refuseTooManyCases(store, batchId, ['rejected', 'warning', 'suppressed'], maxRows);
  // The report is the agency's working sheet, in Spanish: fields by their names, reasons in words.
  const issues = listIssues(store.db, batchId, { withoutFixes: true }).map((i) => ({
    ...i,
    es: formatIssueText('es', issueText(i), readablePhone),
    fieldEs: i.field ? formatIssueText('es', fieldLabel(i.field)) : '',
  }));
  const reasonsByCase = new Map<number, string[]>();
  for (const i of issues) {
    if (i.caseId === null) continue;
    const reasons = reasonsByCase.get(i.caseId);
    if (reasons) reasons.push(i.es);
    else reasonsByCase.set(i.caseId, [i.es]);
  }
  const rows: unknown[][] = [[...CORRECTION_HEADERS]];
  for (const c of casesOf(store, batchId)) {
    // Suppressed cases too: the agent sees why they stay out, and importing them back keeps them out.
    if (c.status !== 'rejected' && c.status !== 'warning' && c.status !== 'suppressed') continue;
    const reasons = (reasonsByCase.get(c.id) ?? []).join(' · ');
    for (const r of unpackRaw(c.raw, c)) {
      rows.push([
        c.code,
        r.firstName,
        r.lastName,
        r.phones.filter((p) => p !== null && p !== '').join(' / '),
        r.debtCode,
        r.pid,
        r.subId,
        r.debt,
        typeof r.expiration === 'string' ? argentineDay(r.expiration) : r.expiration,
        STATUS_ES[c.status] ?? c.status,
        reasons,
      ]);
    }
    refuseTooManyRows(rows, cases, maxRows);
  }
  const reasonRows: unknown[][] = [['Código', 'Filas', 'Gravedad', 'Campo', 'Motivo']];
  // One reason a row: a case may have several.
  if (issues.length > maxRows) throw new Failure('export.too_big', { cases, max: maxRows });
  for (const i of issues) reasonRows.push([i.code ?? '', i.rows.join(', '), i.severity === 'error' ? 'error' : 'advertencia', i.fieldEs, i.es]);
  return [
    { name: CORRECTIONS_SHEET, rows },
    { name: REASONS_SHEET, rows: reasonRows },
  ];
}

/** The clean batch: the cases that will be sent, as they will be sent, one row per product. */
export function cleanBatchSheets(store: Store, batchId: number, maxRows = SHEET_MAX_ROWS): SheetData[] {
  const cases = refuseTooManyCases(store, batchId, ['ready', 'warning'], maxRows);
  const rows: unknown[][] = [[...CLEAN_HEADERS]];
  for (const c of casesOf(store, batchId)) {
    if (c.status !== 'ready' && c.status !== 'warning') continue;
    for (const p of c.products)
      rows.push([c.code, c.firstName, c.lastName, c.phones.join(' / '), p.debt_code, p.pid, p.sub_id ?? '', Number(p.debt), argentineDay(p.expiration)]);
    refuseTooManyRows(rows, cases, maxRows);
  }
  return [{ name: 'Lote', rows }];
}
