// A batch for the spreadsheet: the error report the agent corrects (and imports back), and the clean
// batch of ready cases. Cells that a spreadsheet would run as formulas are neutralised by the writer.
import { formatIssueText } from '../domain/issue-texts/issue-text';
import { fieldLabel, issueText } from '../domain/issue-texts/wording';
import { readablePhone } from '../domain/phone-display';
import { unpackRaw } from '../preparation/build/build-cases';
import { CORRECTION_HEADERS, CORRECTIONS_SHEET } from '../preparation/corrections-sheet';
import { REPORTED_STATUSES } from '../domain/case-status';
import { Failure } from '../domain/failures/failure';
import { countCasesByStatus, countReasons, eachIssue, pageRawRows, pageSentCases, type CaseStatus, type IssueRow, type Store } from '../store';
import { argentineDay, EXCEL_MAX_ROWS, type SheetData } from './xlsx-writer';

export const REASONS_SHEET = 'Motivos';
export const CLEAN_HEADERS = ['Código', 'Nombre', 'Apellido', 'Teléfonos', 'Nro Operación', 'Producto', 'Subproducto', 'Saldo', 'Vencimiento'] as const;

const STATUS_ES: Record<string, string> = {
  ready: 'listo',
  warning: 'con advertencias',
  rejected: 'rechazado',
  excluded: 'excluido',
  suppressed: 'no contactar',
};

/** The most rows a batch's sheet holds under its header: an Excel sheet's, 1,048,576 with the header. */
export const SHEET_MAX_ROWS = EXCEL_MAX_ROWS - 1;

/** Refuses, before anything is read, a sheet of more cases than `max`; `cases` is returned for the rows' own check. */
function refuseTooManyCases(store: Store, batchId: number, statuses: readonly CaseStatus[], max: number): number {
  const counts = countCasesByStatus(store.db, batchId);
  const cases = statuses.reduce((n, s) => n + counts[s], 0);
  if (cases > max) throw new Failure('export.too_big', { cases, max });
  return cases;
}

/**
 * Rows read from the store each time the sheet is read (by the writer, as it writes), a page of cases
 * at a time, so no statement stays open while the app goes on between pages (an edit made meanwhile is
 * in the file or not, whole for each case). A case of several rows (or reasons) makes a sheet longer
 * than its cases: refused at the row past `max`, the header not counted.
 */
function sheetRows(header: readonly string[], cases: number, max: number, body: () => Iterable<unknown[]>): Iterable<unknown[]> {
  return {
    *[Symbol.iterator]() {
      yield [...header];
      let rows = 0;
      for (const row of body()) {
        if (++rows > max) throw new Failure('export.too_big', { cases, max });
        yield row;
      }
    },
  };
}

const PAGE_CASES = 1000;

/** A batch's cases, in id order, read a page at a time through `page`. */
function* casesOf<C extends { id: number }>(page: (afterId: number) => C[]): Generator<C> {
  for (let afterId = 0; ;) {
    const cases = page(afterId);
    const last = cases[cases.length - 1];
    if (!last) return;
    afterId = last.id;
    yield* cases;
  }
}

const SENT: readonly CaseStatus[] = ['ready', 'warning'];
/** The report is the agency's working sheet, in Spanish: fields by their names, reasons in words. */
const reasonEs = (i: IssueRow) => formatIssueText('es', issueText(i), readablePhone);

/** How far a file's sheets are written: its cases and reasons done, of how many (a million-case report takes a minute). */
export type ExportProgress = (done: number, total: number) => void;

/** Cases or reasons between two reports of progress. */
const PROGRESS_EVERY = 5_000;

/** A tick for each case or reason written; says how far every PROGRESS_EVERY of them, and at the last. */
function progressOf(total: number, onProgress: ExportProgress | undefined): () => void {
  if (!onProgress) return () => undefined;
  onProgress(0, total);
  let done = 0;
  return () => {
    // Never past the total: a sheet read out of turn skips the rows before it through these ticks too.
    if (done >= total) return;
    done += 1;
    if (done % PROGRESS_EVERY === 0 || done === total) onProgress(done, total);
  };
}

/**
 * The error report: every rejected case, every case with warnings and every suppressed one, one row per source row,
 * holding the values as the file had them (so the agent sees what to fix), and the reasons.
 * Importing it back (import-corrections.ts) replaces those cases by code.
 */
export function errorReportSheets(store: Store, batchId: number, maxRows = SHEET_MAX_ROWS, onProgress?: ExportProgress): SheetData[] {
  const cases = refuseTooManyCases(store, batchId, REPORTED_STATUSES, maxRows);
  const reasons = countReasons(store.db, batchId);
  const tick = progressOf(cases + reasons, onProgress);
  return [
    { name: CORRECTIONS_SHEET, rows: sheetRows(CORRECTION_HEADERS, cases, maxRows, () => correctionRows(store, batchId, tick)) },
    ...reasonSheets(store, batchId, cases, reasons, maxRows, tick),
  ];
}

/**
 * The reasons, one a row, go on in «Motivos 2», «Motivos 3»… past a sheet's rows: a million rows without
 * a code are a million reasons, and the report is still read whole. Counted before, as the workbook names
 * its sheets first; a reason added meanwhile past the last sheet refuses it, as one sheet did.
 */
function reasonSheets(store: Store, batchId: number, cases: number, reasons: number, maxRows: number, tick: () => void): SheetData[] {
  const sheets = Math.max(1, Math.ceil(reasons / maxRows));
  // Written in order, each sheet goes on where the one before stopped; a sheet read out of turn (read
  // again, or alone) skips the rows before it instead.
  let shared: { next: number; rows: Iterator<unknown[]> } | null = null;
  const bodyOf = (sheet: number): (() => Iterable<unknown[]>) =>
    function* () {
      let rows: Iterator<unknown[]>;
      if (shared && shared.next === sheet) rows = shared.rows;
      else {
        rows = reasonRows(store, batchId, tick);
        for (let skipped = 0; skipped < sheet * maxRows && !rows.next().done; skipped++);
      }
      shared = null;
      const last = sheet === sheets - 1;
      for (let n = 0; last || n < maxRows; n++) {
        const row = rows.next();
        if (row.done) return;
        yield row.value;
      }
      shared = { next: sheet + 1, rows };
    };
  return Array.from({ length: sheets }, (_, sheet) => ({
    name: sheet === 0 ? REASONS_SHEET : `${REASONS_SHEET} ${sheet + 1}`,
    rows: sheetRows(REASON_HEADERS, cases, maxRows, bodyOf(sheet)),
  }));
}

const REASON_HEADERS = ['Código', 'Filas', 'Gravedad', 'Campo', 'Motivo'];

/** The reasons the report gives: errors and warnings (a case's fixes are not for the agent to correct). */
const REASONS: ReadonlySet<IssueRow['severity']> = new Set(['error', 'warning']);

function* correctionRows(store: Store, batchId: number, tick: () => void): Generator<unknown[]> {
  // Each case's reasons read with it, from its own row: a million-case batch's are never held at once.
  for (const c of casesOf((afterId) => pageRawRows(store.db, batchId, afterId, PAGE_CASES, REPORTED_STATUSES, REASONS))) {
    const reasons = c.issues().map(reasonEs);
    for (const r of unpackRaw(c.raw, c)) {
      yield [
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
        reasons.join(' · '),
      ];
    }
    tick();
  }
}

/** One reason a row: a case may have several. */
function* reasonRows(store: Store, batchId: number, tick: () => void): Generator<unknown[]> {
  for (const i of eachIssue(store.db, batchId, { withoutFixes: true })) {
    const field = i.field ? formatIssueText('es', fieldLabel(i.field)) : '';
    yield [i.code ?? '', i.rows.join(', '), i.severity === 'error' ? 'error' : 'advertencia', field, reasonEs(i)];
    tick();
  }
}

/** The clean batch: the cases that will be sent, as they will be sent, one row per product. */
export function cleanBatchSheets(store: Store, batchId: number, maxRows = SHEET_MAX_ROWS, onProgress?: ExportProgress): SheetData[] {
  const cases = refuseTooManyCases(store, batchId, SENT, maxRows);
  const tick = progressOf(cases, onProgress);
  return [{ name: 'Lote', rows: sheetRows(CLEAN_HEADERS, cases, maxRows, () => cleanRows(store, batchId, tick)) }];
}

function* cleanRows(store: Store, batchId: number, tick: () => void): Generator<unknown[]> {
  for (const c of casesOf((afterId) => pageSentCases(store.db, batchId, afterId, PAGE_CASES, SENT))) {
    for (const p of c.products)
      yield [c.code, c.firstName, c.lastName, c.phones.join(' / '), p.debt_code, p.pid, p.sub_id ?? '', Number(p.debt), argentineDay(p.expiration)];
    tick();
  }
}
