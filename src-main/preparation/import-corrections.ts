// Closing the loop: the agent corrects the error report in a spreadsheet program and imports it
// back; each corrected case replaces its own (matched by code) and is validated again.
import { basename } from 'node:path';
import { CORRECTION_HEADERS, CORRECTIONS_SHEET } from './corrections-sheet';
import { personKey } from '../domain/person-key';
import { batchCaseCodes, findCaseByCode, getBatchCase, replaceCase, setSharedRecountPending, sharedRecountPending, type Store } from '../store';
import type { CaseStatus } from '../domain/case-status';
import { caseFromRaw, packRaw, unpackRaw, type RawRow } from './build/build-cases';
import { issue } from './build/prepared-issue';
import { recheckSharedPhones, recountWholeBatch, SharedPhoneChanges } from './duplicates/flag-duplicates';
import { NO_SHARED_LIST, settingsForEdit } from './edit-batch';
import { normalizeHeader } from './mapping/headers';
import { cleanCode, cleanText } from './normalize';
import { ReadError } from './reading/read-errors';
import type { SourceFile } from './preparation-types';
import { CORRECTIONS_READ_LIMITS } from './reading/read-limits';
import { readTable, type Cell } from './reading/read-table';
import { streamXlsxSheet } from './reading/xlsx-stubbed';

export interface CorrectionsSummary {
  /** Cases replaced by their corrected version. */
  updated: number;
  /** Cases whose rows the file gives as the report wrote them: nothing corrected, left as they were. */
  unchanged: number;
  nowReady: number;
  stillRejected: number;
  /** Codes in the file that this batch does not have. */
  unknownCodes: string[];
  /** Codes already sent: left as they were. */
  alreadySent: string[];
}

/** The export neutralised cells that start like a formula with a leading apostrophe: take it off. */
function unneutralize(cell: Cell | undefined): Cell {
  if (typeof cell === 'string' && /^'[=+\-@\t\r\n]/.test(cell)) return cell.slice(1);
  return cell ?? null;
}

/** One row of a corrected case as the sheet has it: the fields a case is rebuilt from, plain data. */
export interface CorrectedRow {
  /** 1-based, in the corrections sheet. */
  row: number;
  firstName: string;
  lastName: string;
  phones: string | number | null;
  debtCode: string;
  pid: string;
  subId: string;
  debt: string | number | null;
  expiration: string | number | null;
}

/** A corrected error report, read: each case code with its rows, in the sheet's order. Plain data, so it crosses threads. */
export type CorrectionsRead = [code: string, rows: CorrectedRow[]][];

/**
 * Reads the corrected error report (the parsing only, no store: the preparation worker runs it). An
 * .xlsx's cases' sheet is read as a stream (a million-case batch's report inflates past what a
 * workbook read whole may); any other file, or a sheet the stream does not read, whole.
 */
export async function readCorrections(file: SourceFile, limits = CORRECTIONS_READ_LIMITS): Promise<CorrectionsRead> {
  let rows = correctedRows(basename(file.name));
  const streamed = await streamXlsxSheet(file.bytes, file.name, CORRECTIONS_SHEET, limits, (r, cells) => rows.add(r, cells));
  if (streamed) return rows.done();
  // The cases' sheet alone: the reasons beside it (a row each, «Motivos», «Motivos 2»…) are not read back.
  const table = await readTable(file.bytes, file.name, limits, { sheet: CORRECTIONS_SHEET });
  const sheet = table.sheets.find((s) => s.name === CORRECTIONS_SHEET) ?? table.sheets[0];
  rows = correctedRows(table.fileName);
  (sheet?.rows ?? []).forEach((cells, r) => rows.add(r, cells));
  return rows.done();
}

type ColumnOf = Record<(typeof CORRECTION_HEADERS)[number], number>;

/** The report's rows taken one at a time (0-based, the header first), grouped by case code. */
function correctedRows(fileName: string): { add(r: number, cells: readonly Cell[]): void; done(): CorrectionsRead } {
  let col: ColumnOf | null = null;
  const byCode = new Map<string, CorrectedRow[]>();
  const header = (cells: readonly Cell[]): ColumnOf => {
    const names = cells.map(normalizeHeader);
    const index = (name: string) => names.indexOf(normalizeHeader(name));
    const missing = CORRECTION_HEADERS.slice(0, 9).filter((h) => index(h) < 0);
    if (missing.length > 0) throw new ReadError('read.not_a_correction_report', { file: fileName, missing }, { file: fileName });
    return Object.fromEntries(CORRECTION_HEADERS.map((h) => [h, index(h)])) as ColumnOf;
  };
  return {
    add(r, raw) {
      // The header is the sheet's first row: a sheet that skips it has none.
      if (col === null) {
        col = header(r === 0 ? raw : []);
        if (r === 0) return;
      }
      const columns = col;
      const cells = raw.map(unneutralize);
      const code = cleanCode(cells[columns['Código']] as string | number | null);
      if (code === '') return;
      const text = (h: (typeof CORRECTION_HEADERS)[number]) => cleanText(cells[columns[h]] as string | null);
      const value = (h: (typeof CORRECTION_HEADERS)[number]): string | number | null => {
        const v = cells[columns[h]];
        return v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'boolean' ? String(v) : (v ?? null);
      };
      const line: CorrectedRow = {
        row: r + 1,
        firstName: text('Nombre'),
        lastName: text('Apellido'),
        phones: value('Teléfonos'),
        debtCode: text('Nro Operación'),
        pid: text('Producto'),
        subId: text('Subproducto'),
        debt: value('Saldo'),
        expiration: value('Vencimiento'),
      };
      const lines = byCode.get(code);
      if (lines) lines.push(line);
      else byCode.set(code, [line]);
    },
    done() {
      // A sheet without a row: no header either.
      if (col === null) header([]);
      return [...byCode];
    },
  };
}

/** Reads the corrected error report and applies it, on this thread. */
export async function importCorrections(store: Store, batchId: number, file: SourceFile, shared = NO_SHARED_LIST): Promise<CorrectionsSummary> {
  return applyCorrections(store, batchId, await readCorrections(file), shared);
}

/**
 * Corrected cases written per transaction. Between two, the thread that holds the store answers the
 * screens: at about 0.3 ms a case, a report of 100,000 cases held it for half a minute in one.
 */
export const CORRECTED_CASES_PER_WRITE = 250;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replaces each corrected case of the batch by its corrected version, validated again, a few hundred
 * cases a transaction (`between` runs in each gap). Each case is replaced whole or not at all; a report
 * cut short (`signal`: the app closing) leaves the cases it reached corrected, and importing it again
 * finishes it. Phones shared by many debtors are counted again with the part that changed them when it
 * touched few; else once after the last part, or after the one it stopped at.
 */
export async function applyCorrections(
  store: Store,
  batchId: number,
  byCode: CorrectionsRead,
  shared = NO_SHARED_LIST,
  {
    casesPerWrite = CORRECTED_CASES_PER_WRITE,
    between = nextTurn,
    onProgress,
    signal,
  }: {
    casesPerWrite?: number;
    between?: () => Promise<void>;
    onProgress?: (done: number, total: number) => void;
    signal?: { readonly aborted: boolean };
  } = {},
): Promise<CorrectionsSummary> {
  const settings = settingsForEdit(store, batchId, shared);
  const summary: CorrectionsSummary = { updated: 0, unchanged: 0, nowReady: 0, stillRejected: 0, unknownCodes: [], alreadySent: [] };
  const findCase = caseFinder(store, batchId);
  // An earlier import killed before its count left the batch to count: this one counts it whole, once, at its end.
  const wholeBatch = sharedRecountPending(store.db, batchId);
  let partsWritten = 0;
  // Phones a part touched that are too many to count again with it (200 make it count the whole batch).
  const deferred = new SharedPhoneChanges();
  try {
    await writeParts();
  } finally {
    // Also when a part failed or the work stopped: what was committed has its warnings right.
    // Not when stopped before its first part (the app closing while the report was read): that writes nothing.
    if ((wholeBatch || deferred.phones.size > 0) && partsWritten > 0 && store.db.open)
      store.db
        .transaction(() => {
          if (wholeBatch) recountWholeBatch(store, batchId);
          else recheckSharedPhones(store, batchId, deferred);
          setSharedRecountPending(store.db, batchId, false);
        })
        .immediate();
  }
  return summary;

  async function writeParts(): Promise<void> {
    for (let from = 0; from < byCode.length; from += casesPerWrite) {
      if (from > 0) await between();
      // Before the first part too: a stop while the report was read (the app closing) writes nothing.
      if (signal?.aborted) return;
      const phones = new SharedPhoneChanges();
      store.db
        .transaction(() => {
          for (const [code, lines] of byCode.slice(from, from + casesPerWrite)) {
            const caseId = findCase(code);
            const current = caseId === null ? null : getBatchCase(store.db, caseId);
            if (!current || caseId === null) {
              summary.unknownCodes.push(code);
              continue;
            }
            if (!current.editable) {
              summary.alreadySent.push(code);
              continue;
            }
            const original = unpackRaw(current.raw, current);
            if (asReported(lines, original)) {
              summary.unchanged += 1;
              continue;
            }
            const raw: RawRow[] = lines.map((line, i) => ({
              ...line,
              // Issues keep pointing at the creditor's original rows where there is one.
              row: original[i]?.row ?? line.row,
              phones: [line.phones],
              params: original[i]?.params ?? original[0]?.params ?? {},
              productInfo: original[i]?.productInfo ?? {},
            }));
            // The case keeps its code as the creditor wrote it: the report's may be spelled another way.
            const built = caseFromRaw(current.code, raw, settings);
            // The status written: a duplicate's warning kept through the rebuild makes a ready case one with warnings.
            const history = (status: CaseStatus) => [
              issue(
                'fix',
                'edited',
                'case',
                built.sourceRows,
                { field: 'case', before: current.status, after: status },
                { before: current.status, after: status },
              ),
            ];
            const written = replaceCase(store.db, caseId, { ...built, raw: packRaw(raw, built) }, 'agent', history);
            // Its request may be on its way: the campaign gets what was sent.
            if (written === null) {
              summary.alreadySent.push(code);
              continue;
            }
            phones.note(caseId, current, built);
            summary.updated += 1;
            if (built.status === 'rejected') summary.stillRejected += 1;
            // A case the ledger suppresses is neither: it is not loaded, whatever was corrected.
            else if (built.status !== 'suppressed') summary.nowReady += 1;
          }
          if (phones.phones.size < PHONES_RECHECKED_WITH_THEIR_PART) recheckSharedPhones(store, batchId, phones);
          else {
            for (const p of phones.phones) deferred.phones.add(p);
            deferred.caseIds.push(...phones.caseIds);
            // Said with the part: a process killed before the count leaves the next opening to count them.
            setSharedRecountPending(store.db, batchId, true);
          }
        })
        .immediate();
      partsWritten += 1;
      onProgress?.(Math.min(from + casesPerWrite, byCode.length), byCode.length);
    }
  }
}

/** Phones a part of the import may touch and still count again with it, through the search index. */
const PHONES_RECHECKED_WITH_THEIR_PART = 50;

/** A cell as reading the report gives it back, to compare: empty is empty, whether blank or missing. */
const asRead = (value: unknown): string => (value === null || value === undefined || value === '' ? '' : `${typeof value}:${String(value)}`);

/**
 * Whether a case's rows in the file are the ones the report was written from (exports/batch-exports.ts,
 * read back here): the agent corrected nothing of it, so it is not rebuilt, nor its history told of an
 * edit. Anything else (a cell changed, a row added, taken out or moved) is a correction.
 */
function asReported(lines: readonly CorrectedRow[], original: readonly RawRow[]): boolean {
  return (
    lines.length === original.length &&
    lines.every((line, i) => {
      const r = original[i];
      return (
        r !== undefined &&
        line.firstName === cleanText(r.firstName) &&
        line.lastName === cleanText(r.lastName) &&
        asRead(line.phones) === asRead(r.phones.filter((p) => p !== null && p !== '').join(' / ')) &&
        line.debtCode === cleanText(r.debtCode) &&
        line.pid === cleanText(r.pid) &&
        line.subId === cleanText(r.subId) &&
        asRead(line.debt) === asRead(r.debt) &&
        // A day is written as a date and read back as that day (YYYY-MM-DD), as the row keeps it.
        asRead(line.expiration) === asRead(r.expiration)
      );
    })
  );
}

/**
 * The batch's case a corrected row names: by its code as written, else by the person it names (a
 * spreadsheet program turns "030000001" into 30000001), when exactly one case of the batch is that person.
 */
function caseFinder(store: Store, batchId: number): (code: string) => number | null {
  let byPerson: Map<string, number | null> | undefined;
  return (code) => {
    const exact = findCaseByCode(store.db, batchId, code);
    if (exact !== null) return exact;
    if (!byPerson) {
      byPerson = new Map();
      for (const c of batchCaseCodes(store.db, batchId)) {
        const person = personKey(c.code);
        byPerson.set(person, byPerson.has(person) ? null : c.id);
      }
    }
    return byPerson.get(personKey(code)) ?? null;
  };
}
