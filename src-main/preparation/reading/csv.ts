// CSV / TXT exports: the delimiter is guessed by consistency across lines, so decimal commas in a
// semicolon file do not fool it; every value stays text (codes and phones never become numbers).
import Papa from 'papaparse';

export const CANDIDATE_DELIMITERS = [';', '\t', ',', '|'] as const;
export type Delimiter = (typeof CANDIDATE_DELIMITERS)[number];

/** Counts delimiter occurrences outside double quotes, per line, for the first lines of the text. */
function countsPerLine(text: string, delimiter: string, maxLines: number): number[] {
  const counts: number[] = [];
  let inQuotes = false;
  let count = 0;
  let nonEmpty = false;
  for (let i = 0; i < text.length && counts.length < maxLines; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === delimiter) count += 1;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      if (nonEmpty) counts.push(count);
      count = 0;
      nonEmpty = false;
      continue;
    }
    if (ch !== ' ' && ch !== '\t' && ch !== '\n' && ch !== '\r') nonEmpty = true;
  }
  if (nonEmpty && counts.length < maxLines) counts.push(count);
  return counts;
}

/**
 * The delimiter that splits most lines into the same number of fields. A decimal comma appears in
 * some lines and not others; a real delimiter appears the same number of times in nearly all.
 * Ties go to the order of CANDIDATE_DELIMITERS: `;` first, as Argentine exports use it.
 */
export function sniffDelimiter(text: string, maxLines = 200): Delimiter {
  let best: { delimiter: Delimiter; score: number } = { delimiter: ';', score: 0 };
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const counts = countsPerLine(text, delimiter, maxLines).filter((c) => c > 0);
    if (counts.length === 0) continue;
    // The most common non-zero count is the row width; the score is how many lines agree with it.
    const freq = new Map<number, number>();
    for (const c of counts) freq.set(c, (freq.get(c) ?? 0) + 1);
    const [, agreeing] = [...freq.entries()].reduce((a, b) => (b[1] > a[1] || (b[1] === a[1] && b[0] > a[0]) ? b : a));
    const lines = countsPerLine(text, delimiter, maxLines).length;
    const score = agreeing / Math.max(1, lines);
    if (score > best.score + 1e-9) best = { delimiter, score };
  }
  return best.delimiter;
}

export type LineBreak = '\n' | '\r\n' | '\r';

/** How papaparse reads a creditor's text: every value text, blank lines kept (row numbers match the file). */
export function parseOptions(delimiter: Delimiter, lineBreak: LineBreak) {
  return { delimiter, newline: lineBreak, header: false, dynamicTyping: false, skipEmptyLines: false } as const;
}

/**
 * The line break records end with, decided as papaparse decides it when given none (the first MB,
 * quoted text left out): the counting below and the parse then split records at the same places.
 */
export function lineBreakOf(text: string): LineBreak {
  const head = text.slice(0, 1024 * 1024).replace(/"[^]*?"/g, '');
  const byCr = head.split('\r');
  const lf = head.indexOf('\n');
  if (byCr.length === 1 || (lf >= 0 && lf < (byCr[0] ?? '').length)) return '\n';
  const followedByLf = byCr.filter((part) => part.startsWith('\n')).length;
  return followedByLf >= byCr.length / 2 ? '\r\n' : '\r';
}

const QUOTE = 34;

/**
 * The cells a text holds, each record counting as one more (as a workbook's are counted), without
 * building any: stops as soon as the count passes `stopAbove`. A quoted field is taken to end at its
 * first quote that is not doubled; papaparse may read a malformed one as going on further, so this
 * never counts fewer fields than it makes.
 */
export function csvCellCount(text: string, delimiter: Delimiter, lineBreak: LineBreak, stopAbove: number): number {
  const delim = delimiter.charCodeAt(0);
  const first = lineBreak.charCodeAt(0);
  const second = lineBreak.length > 1 ? lineBreak.charCodeAt(1) : -1;
  let cells = 0;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (fieldStart && ch === QUOTE) {
      let close = text.indexOf('"', i + 1);
      while (close >= 0 && text.charCodeAt(close + 1) === QUOTE) close = text.indexOf('"', close + 2);
      // No closing quote: the rest of the text is this one field.
      if (close < 0) break;
      i = close;
      fieldStart = false;
      continue;
    }
    fieldStart = false;
    if (ch === delim) cells += 1;
    else if (ch === first && (second < 0 || text.charCodeAt(i + 1) === second)) {
      // The record's last field, and the record itself.
      cells += 2;
      i += lineBreak.length - 1;
    } else continue;
    fieldStart = true;
    if (cells > stopAbove) return cells;
  }
  // Text that ends with a line break has no last record (parseCsv drops the empty one papaparse makes).
  return fieldStart && text.length > 0 ? cells : cells + 2;
}

export interface CsvLimits {
  maxRows: number;
  maxColumns: number;
  maxCells: number;
}

/** Why a text was not read whole: the first limit it passed, found while parsing. */
export type CsvRefusal = { limit: 'rows' } | { limit: 'columns'; row: number } | { limit: 'cells'; cells: number };

/**
 * Rows of text cells, one per record; blank lines stay as empty rows so row numbers match the file.
 * The cells are counted first (cheap, nothing built) and again record by record while papaparse
 * parses, so a text past a limit stops there instead of being parsed whole.
 */
export function parseCsv(text: string, delimiter: Delimiter, limits: CsvLimits): { rows: string[][] } | { refused: CsvRefusal } {
  const lineBreak = lineBreakOf(text);
  const counted = csvCellCount(text, delimiter, lineBreak, limits.maxCells);
  if (counted > limits.maxCells) return { refused: { limit: 'cells', cells: counted } };
  const rows: string[][] = [];
  let cells = 0;
  let blank = 0;
  const stop: { refused: CsvRefusal | null } = { refused: null };
  Papa.parse<string[]>(text, {
    ...parseOptions(delimiter, lineBreak),
    step: (result, parser) => {
      const row = result.data;
      // A blank record counts once one follows it: the last one is no row (dropped below).
      if (row.length === 1 && row[0] === '') blank += 2;
      else {
        cells += blank + row.length + 1;
        blank = 0;
      }
      if (rows.length >= limits.maxRows + 1) stop.refused = { limit: 'rows' };
      else if (row.length > limits.maxColumns) stop.refused = { limit: 'columns', row: rows.length + 1 };
      else if (cells > limits.maxCells) stop.refused = { limit: 'cells', cells };
      if (stop.refused) parser.abort();
      else rows.push(row);
    },
  });
  // A trailing newline makes one last empty record; it is not a row of the file.
  const last = rows[rows.length - 1];
  if (last && last.length === 1 && last[0] === '') rows.pop();
  if (stop.refused) return { refused: stop.refused };
  return rows.length > limits.maxRows ? { refused: { limit: 'rows' } } : { rows };
}
