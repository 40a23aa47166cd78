// A text file's rows without building them all: the records' ends are found once, and a row's cells
// are split from its slice of the text when asked. A million-row CSV then costs its text and 8 bytes
// a row, not a million arrays of strings; preparation asks for each row once or twice.
import Papa from 'papaparse';
import type { Cell } from './cell';
import { lineBreakOf, parseOptions, type CsvLimits, type CsvRefusal, type Delimiter, type LineBreak } from './csv';

/** A sheet's rows, one at a time: a workbook's array of rows is one too. */
export interface RowSource {
  readonly length: number;
  at(r: number): readonly Cell[] | undefined;
}

/** Limits of a text's rows: parseCsv's, and the longest cell (Excel's). */
export type CsvRowLimits = CsvLimits & { maxCellChars: number };

/** Why a text's rows were not indexed: parseCsv's refusals, or a cell past the longest (0-based row and column). */
export type CsvRowsRefusal = CsvRefusal | { limit: 'cell_chars'; row: number; column: number };

/** The rows of a text, as parseCsv would make them (same records, same cells), split when asked. */
export interface CsvRows extends RowSource {
  at(r: number): string[] | undefined;
}

/**
 * Where each record of `text` starts and ends, and the limits checked on the way (the same rows,
 * columns and cells parseCsv counts). A text without a double quote is split at its line breaks with
 * indexOf; one with quotes goes through papaparse, keeping only each record's end.
 */
export function indexCsvRows(text: string, delimiter: Delimiter, limits: CsvRowLimits): { rows: CsvRows } | { refused: CsvRowsRefusal } {
  const lineBreak = lineBreakOf(text);
  const indexed = text.includes('"') ? quotedEnds(text, delimiter, lineBreak, limits) : plainEnds(text, delimiter, lineBreak, limits);
  if ('refused' in indexed) return indexed;
  const rows = csvRows(text, delimiter, lineBreak, indexed.starts, indexed.count);
  // Only a record longer than a cell may hold a cell too long; the first one found is named.
  for (let r = 0; r < indexed.count; r++) {
    if ((indexed.starts[r + 1] as number) - (indexed.starts[r] as number) <= limits.maxCellChars) continue;
    const column = rows.at(r)?.findIndex((cell) => cell.length > limits.maxCellChars) ?? -1;
    if (column >= 0) return { refused: { limit: 'cell_chars', row: r, column } };
  }
  return { rows };
}

/** Record r spans starts[r] .. starts[r + 1] (its line break included); starts has count + 1 entries. */
type Ends = { starts: Float64Array; count: number } | { refused: CsvRefusal };

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

function plainEnds(text: string, delimiter: Delimiter, lineBreak: LineBreak, limits: CsvLimits): Ends {
  const starts = new Offsets();
  const tally = new CellTally();
  let at = 0;
  // The next delimiter from `at` on, found once and kept across lines without one: searching again
  // from each line would scan to the end of the text line after line (a file of blank lines).
  let delim = text.indexOf(delimiter);
  for (;;) {
    const end = text.indexOf(lineBreak, at);
    const stop = end < 0 ? text.length : end;
    // Nothing after the last line break (or an empty text) is no record: parseCsv drops it too.
    if (end < 0 && stop === at) break;
    let width = 1;
    if (delim >= 0 && delim < at) delim = text.indexOf(delimiter, at);
    while (delim >= 0 && delim < stop) {
      width += 1;
      delim = text.indexOf(delimiter, delim + 1);
    }
    const rows = starts.count;
    if (rows >= limits.maxRows + 1) return { refused: { limit: 'rows' } };
    if (width > limits.maxColumns) return { refused: { limit: 'columns', row: rows + 1 } };
    tally.add(width, stop === at);
    if (tally.cells > limits.maxCells) return { refused: { limit: 'cells', cells: tally.cells } };
    starts.push(at);
    if (end < 0) {
      at = text.length;
      break;
    }
    at = end + lineBreak.length;
  }
  const count = starts.count;
  starts.push(at);
  return count > limits.maxRows ? { refused: { limit: 'rows' } } : { starts: starts.values, count };
}

function quotedEnds(text: string, delimiter: Delimiter, lineBreak: LineBreak, limits: CsvLimits): Ends {
  const starts = new Offsets();
  const tally = new CellTally();
  let refused: CsvRefusal | null = null;
  let lastWasBlank = false;
  starts.push(0);
  Papa.parse<string[]>(text, {
    ...parseOptions(delimiter, lineBreak),
    step: (result, parser) => {
      const row = result.data;
      const rows = starts.count - 1;
      lastWasBlank = row.length === 1 && row[0] === '';
      tally.add(row.length, lastWasBlank);
      if (rows >= limits.maxRows + 1) refused = { limit: 'rows' };
      else if (row.length > limits.maxColumns) refused = { limit: 'columns', row: rows + 1 };
      else if (tally.cells > limits.maxCells) refused = { limit: 'cells', cells: tally.cells };
      if (refused) parser.abort();
      else starts.push(result.meta.cursor);
    },
  });
  if (refused) return { refused };
  // A trailing line break makes one last empty record; it is not a row of the file.
  // parseCsv drops a last record that reads blank, wherever it starts (a lone `"` at the end too).
  if (lastWasBlank && starts.count > 1) starts.count -= 1;
  const count = starts.count - 1;
  return count > limits.maxRows ? { refused: { limit: 'rows' } } : { starts: starts.values, count };
}

function csvRows(text: string, delimiter: Delimiter, lineBreak: LineBreak, starts: Float64Array, count: number): CsvRows {
  return {
    length: count,
    at(r: number): string[] | undefined {
      if (!Number.isInteger(r) || r < 0 || r >= count) return undefined;
      const start = starts[r] as number;
      const end = starts[r + 1] as number;
      const record = text.slice(start, end);
      if (!record.includes('"')) {
        // The record's own line break is not part of its last cell.
        return (record.endsWith(lineBreak) ? record.slice(0, -lineBreak.length) : record).split(delimiter);
      }
      // A quoted record is read by papaparse alone, line break and all, as the whole text's parse read it.
      const parsed = Papa.parse<string[]>(record, parseOptions(delimiter, lineBreak));
      return parsed.data[0] ?? [''];
    },
  };
}
