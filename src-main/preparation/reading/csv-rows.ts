// A text file's rows without building them all: the records' starts are found once in its bytes, and a
// row is decoded and split from its slice of them when asked. A million-row CSV then costs its bytes
// (outside the heap) and 8 bytes a row, not a string of the whole file nor a million arrays of strings;
// preparation reads each row once, after reading its code cell alone (cellAt) to group the rows into cases.
import Papa from 'papaparse';
import type { Cell } from './cell';
import { lineBreakOf, parseOptions, type CsvLimits, type CsvRefusal, type Delimiter, type LineBreak } from './csv';
import { RecordScanner, type TextBytes } from './csv-records';
import { decodeSlice } from './text-decoding';

/** A sheet's rows, one at a time: a workbook's array of rows is one too. */
export interface RowSource {
  readonly length: number;
  at(r: number): readonly Cell[] | undefined;
  /**
   * Cell `column` of row r, when the source can give it without building the row (at(r)[column] is
   * the same); undefined when it cannot, or the row has no such cell: ask at(r) then.
   */
  cellAt?(r: number, column: number): Cell | undefined;
}

/** Limits of a text's rows: parseCsv's, and the longest cell (Excel's). */
export type CsvRowLimits = CsvLimits & { maxCellChars: number };

/** Why a text's rows were not indexed: parseCsv's refusals, or a cell past the longest (0-based row and column). */
export type CsvRowsRefusal = CsvRefusal | { limit: 'cell_chars'; row: number; column: number };

/** The rows of a text, as parseCsv would make them (same records, same cells), split when asked. */
export interface CsvRows extends RowSource {
  at(r: number): string[] | undefined;
  cellAt(r: number, column: number): string | undefined;
}

/**
 * The rows of `text` (a decoded text: tests, and texts already in memory), as indexCsvBytes finds them
 * in its UTF-8 bytes.
 */
export function indexCsvRows(text: string, delimiter: Delimiter, limits: CsvRowLimits): { rows: CsvRows } | { refused: CsvRowsRefusal } {
  return indexCsvBytes({ bytes: Buffer.from(text, 'utf8'), start: 0, encoding: 'utf-8' }, delimiter, lineBreakOf(text), limits);
}

/**
 * Where each record of a text file starts, as byte offsets, and the limits checked on the way (the
 * same rows, columns and cells parseCsv counts, and then the first cell past the longest).
 */
export function indexCsvBytes(
  source: TextBytes,
  delimiter: Delimiter,
  lineBreak: LineBreak,
  limits: CsvRowLimits,
): { rows: CsvRows } | { refused: CsvRowsRefusal } {
  const indexed = recordStarts(source, delimiter, lineBreak, limits);
  if ('refused' in indexed) return indexed;
  const { longCell } = indexed;
  if (longCell) return { refused: { limit: 'cell_chars', row: longCell.row, column: longCell.column } };
  return { rows: csvRows(source, delimiter, lineBreak, indexed.starts, indexed.count) };
}

/** Record r spans starts[r] .. starts[r + 1] (its line break included); starts has count + 1 entries. */
type Starts = { starts: Float64Array; count: number; longCell: { row: number; column: number } | null } | { refused: CsvRefusal };

/** Grows a Float64Array by doubling: a million records need 8 MB, not a JS array of numbers. */
class Offsets {
  values = new Float64Array(1024);
  count = 0;
  push(value: number): void {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = value;
  }
}

/** Counting as parseCsv counts: a blank record counts once one follows it, a row its cells and one more. */
class CellTally {
  cells = 0;
  private blank = 0;
  add(width: number, isBlank: boolean): void {
    if (isBlank) this.blank += 2;
    else {
      this.cells += this.blank + width + 1;
      this.blank = 0;
    }
  }
}

/** parseCsv's counting, record by record as papaparse would step through them. */
function recordStarts(source: TextBytes, delimiter: Delimiter, lineBreak: LineBreak, limits: CsvRowLimits): Starts {
  const scanner = new RecordScanner(source, delimiter, lineBreak, limits.maxCellChars);
  const starts = new Offsets();
  const tally = new CellTally();
  let longCell: { row: number; column: number } | null = null;
  let lastWasBlank = false;
  starts.push(source.start);
  for (let last = scanner.empty; !last;) {
    const record = scanner.next();
    last = record.last;
    const rows = starts.count - 1;
    lastWasBlank = record.blank;
    tally.add(record.width, record.blank);
    if (rows >= limits.maxRows + 1) return { refused: { limit: 'rows' } };
    if (record.width > limits.maxColumns) return { refused: { limit: 'columns', row: rows + 1 } };
    if (tally.cells > limits.maxCells) return { refused: { limit: 'cells', cells: tally.cells } };
    // Only refused once every other limit held, as parseCsv's rows are checked once all are read.
    if (!longCell && record.longCell >= 0) longCell = { row: rows, column: record.longCell };
    starts.push(record.end);
  }
  // A trailing line break makes one last empty record; it is not a row of the file.
  // parseCsv drops a last record that reads blank, wherever it starts (a lone `"` at the end too).
  if (lastWasBlank && starts.count > 1) starts.count -= 1;
  const count = starts.count - 1;
  return count > limits.maxRows ? { refused: { limit: 'rows' } } : { starts: starts.values, count, longCell };
}

function csvRows(source: TextBytes, delimiter: Delimiter, lineBreak: LineBreak, starts: Float64Array, count: number): CsvRows {
  const { bytes, encoding } = source;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    length: count,
    at(r: number): string[] | undefined {
      if (!Number.isInteger(r) || r < 0 || r >= count) return undefined;
      const record = decodeSlice(b, starts[r] as number, starts[r + 1] as number, encoding);
      if (!record.includes('"')) {
        // The record's own line break is not part of its last cell.
        return (record.endsWith(lineBreak) ? record.slice(0, -lineBreak.length) : record).split(delimiter);
      }
      // A quoted record is read by papaparse's parser alone, line break and all, as the whole text's
      // parse read it (Papa.parse would drop a U+FEFF the record starts with; only the text's first is).
      const parsed = new Papa.Parser(parseOptions(delimiter, lineBreak)).parse(record, 0, false) as { data: string[][] };
      return parsed.data[0] ?? [''];
    },
    cellAt(r: number, column: number): string | undefined {
      if (!Number.isInteger(r) || r < 0 || r >= count || !Number.isInteger(column) || column < 0) return undefined;
      const record = decodeSlice(b, starts[r] as number, starts[r + 1] as number, encoding);
      // A quoted record may hold the delimiter inside a cell: only the whole parse (at) reads it.
      if (record.includes('"')) return undefined;
      const end = record.endsWith(lineBreak) ? record.length - lineBreak.length : record.length;
      let from = 0;
      for (let c = 0; c < column; c++) {
        const at = record.indexOf(delimiter, from);
        if (at < 0 || at >= end) return undefined;
        from = at + delimiter.length;
      }
      const to = record.indexOf(delimiter, from);
      return record.slice(from, to < 0 || to > end ? end : to);
    },
  };
}
