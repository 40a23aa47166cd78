// The organization's list, read once into its compiled form (./shared-list.ts). A text list (.csv,
// .txt, .tsv: what national registers come as) is streamed 1 MB at a time, so memory holds the
// entries, never the file; a workbook is read whole within the spreadsheet limits. The content hash
// is taken on the same pass: it tells a later run whether its index is still this file's.
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { Failure } from '../../domain/failures/failure';
import { LEDGER_READ_LIMITS, READ_LIMITS } from '../reading/read-limits';
import { sniffDelimiter } from '../reading/csv';
import { ReadError } from '../reading/read-errors';
import { columnLetter } from '../reading/read-errors';
import { looksBinary } from '../reading/text-decoding';
import { ledgerLayout, ledgerRowReader, readLedgerFile, type LedgerColumns, type ReadLedgerOptions } from './read-ledger-file';
import { SharedListBuilder, type CompiledLedger } from './shared-list';

/** The list's bytes, read where they are (an open file), never all at once. */
export interface ListBytes {
  name: string;
  size: number;
  /** Bytes read into `into` from `position`; 0 at the end. */
  read(into: Uint8Array, position: number): Promise<number>;
}

export interface CompiledSharedList {
  list: CompiledLedger;
  /** SHA-256 of the bytes read, hex. */
  sha256: string;
}

/** What a streamed list may hold: past this it is no list of phones (a register of every line in the country is about 60 million). */
export const SHARED_LIST_LIMITS = {
  /** A text list (the caller checks it on the open file); 10,000,000 numbers with a reason and a date are about 300 MB. */
  maxTextBytes: 1024 ** 3,
  maxEntries: 60_000_000,
  /** Codes are kept one string each: a few million fit, tens of millions would exhaust the memory. */
  maxCodes: 3_000_000,
  /**
   * Distinct reason, last day and creditor together, and their text: a real list has a few thousand.
   * Kept one object each, like codes: a list giving every row its own creditor filled the memory.
   */
  maxTerms: 1_000_000,
  maxTermChars: 64 * 1024 * 1024,
  /** A record longer than this has no line break where one belongs. */
  maxRecordChars: 64 * 1024,
} as const;

const BLOCK_BYTES = 1024 * 1024;
/** Rows the header and columns are looked for in, and the text that is enough when its lines are long. */
const HEAD_ROWS = 200;
const HEAD_CHARS = 64 * 1024;

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

const TEXT_LIST = /\.(csv|txt|tsv|tab)$/i;

export interface CompileOptions extends ReadLedgerOptions {
  /** Every entry's addedAt: when the list was written. */
  addedAt: string;
  /** Bytes read at a time (tests cut records across reads with small ones). */
  blockBytes?: number;
}

export async function compileSharedList(source: ListBytes, options: CompileOptions): Promise<CompiledSharedList> {
  // The first block tells a text from a workbook, and is the first block a text is read from.
  const head = new Uint8Array(Math.min(source.size, options.blockBytes ?? BLOCK_BYTES));
  const headBytes = head.subarray(0, await readFully(source, head, 0));
  if (TEXT_LIST.test(source.name) && !looksBinary(headBytes)) {
    try {
      return await streamText(source, options, 'utf-8', headBytes);
    } catch (err) {
      // Not UTF-8 after all (an old export): read again as Windows' Latin code page, as a whole file would be.
      if (!(err instanceof TypeError && (err as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')) throw err;
      const bom = headBytes[0] === 0xef && headBytes[1] === 0xbb && headBytes[2] === 0xbf;
      return streamText(source, options, 'windows-1252', headBytes, bom ? 3 : 0);
    }
  }
  // Read whole: a workbook's limits, whatever the caller allowed a text list.
  if (source.size > READ_LIMITS.maxFileBytes)
    throw new Failure('file.too_large', { file: baseName(source.name), limitMb: READ_LIMITS.maxFileBytes / 1024 ** 2 });
  return wholeSheet(source, options);
}

const baseName = (path: string) => path.replace(/^.*[\\/]/, '');

async function readFully(source: ListBytes, into: Uint8Array, position: number): Promise<number> {
  let filled = 0;
  while (filled < into.length) {
    const n = await source.read(into.subarray(filled), position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

/** A workbook (or an odd text): read whole, within the same limits as any list the agent imports. */
async function wholeSheet(source: ListBytes, options: CompileOptions): Promise<CompiledSharedList> {
  const bytes = new Uint8Array(source.size);
  const read = await readFully(source, bytes, 0);
  const contents = await readLedgerFile({ name: source.name, bytes: bytes.subarray(0, read) }, options);
  const builder = new SharedListBuilder();
  for (const e of contents.entries) builder.addEntry(e);
  for (const p of contents.problems) builder.addProblem(p);
  return { list: builder.finish(options.addedAt), sha256: createHash('sha256').update(bytes.subarray(0, read)).digest('hex') };
}

async function streamText(
  source: ListBytes,
  options: CompileOptions,
  encoding: 'utf-8' | 'windows-1252',
  head: Uint8Array,
  skip = 0,
): Promise<CompiledSharedList> {
  const fileName = baseName(source.name);
  const sheet = fileName.replace(/\.[^.]+$/, '');
  const hash = createHash('sha256');
  const decoder = new TextDecoder(encoding, { fatal: true });
  const lineBreaks = lineBreakReader();
  const builder = new SharedListBuilder();
  const block = new Uint8Array(Math.min(options.blockBytes ?? BLOCK_BYTES, Math.max(source.size, 1)));
  let position = 0;
  let pending = '';
  let rowNumber = 0;
  let layout = null as TextLayout | null;

  const recordTooLong = () =>
    new ReadError(
      'read.cell_too_long',
      { cell: `A${rowNumber + 1}`, sheet, limit: SHARED_LIST_LIMITS.maxRecordChars },
      { file: fileName, sheet, row: rowNumber + 1 },
    );

  // Complete records only: text up to its last line break outside quotes.
  const consume = (text: string, last: boolean) => {
    if (layout === null) layout = layoutOf(text, fileName, sheet, options);
    const { delimiter, headerRow, read } = layout;
    // Text that ends with a line break makes one last empty record: no row of the file.
    const dropLast = text.endsWith('\n') || !last;
    for (const cells of records(text, delimiter, dropLast, { file: fileName, firstRow: rowNumber + 1 })) {
      rowNumber += 1;
      if (rowNumber <= headerRow) continue;
      if (cells.length > LEDGER_READ_LIMITS.maxColumns)
        throw new ReadError('read.too_many_text_columns', { row: rowNumber, limit: LEDGER_READ_LIMITS.maxColumns }, { file: fileName, row: rowNumber });
      for (let c = 0; c < cells.length; c++)
        if ((cells[c] as string).length > LEDGER_READ_LIMITS.maxCellChars)
          throw new ReadError(
            'read.cell_too_long',
            { cell: `${columnLetter(c)}${rowNumber}`, sheet, limit: LEDGER_READ_LIMITS.maxCellChars },
            { file: fileName, sheet, row: rowNumber, column: columnLetter(c) },
          );
      read(
        cells,
        rowNumber,
        (e) => builder.addEntry(e),
        (p) => builder.addProblem(p),
      );
      if (builder.entries > SHARED_LIST_LIMITS.maxEntries)
        throw new ReadError('read.too_many_text_rows', { file: fileName, limit: SHARED_LIST_LIMITS.maxEntries }, { file: fileName });
      if (builder.codeCount > SHARED_LIST_LIMITS.maxCodes)
        throw new ReadError('read.too_many_codes', { file: fileName, limit: SHARED_LIST_LIMITS.maxCodes }, { file: fileName });
      if (builder.termCount > SHARED_LIST_LIMITS.maxTerms || builder.termChars > SHARED_LIST_LIMITS.maxTermChars)
        throw new ReadError(
          'read.too_many_terms',
          { file: fileName, limit: SHARED_LIST_LIMITS.maxTerms, limitMb: SHARED_LIST_LIMITS.maxTermChars / 1024 ** 2 },
          { file: fileName },
        );
    }
  };

  for (let first = true; ; first = false) {
    const n = first ? head.length : position < source.size ? await source.read(block, position) : 0;
    const done = n === 0;
    if (!done) {
      const bytes = first ? head : block.subarray(0, n);
      hash.update(bytes);
      position += n;
      pending += lineBreaks(decoder.decode(first ? bytes.subarray(skip) : bytes, { stream: true }), false);
    } else pending += lineBreaks(decoder.decode(), true);
    if (done) {
      if (pending !== '') consume(pending, true);
      break;
    }
    // The header and columns are looked for in the first records, so they wait until there are enough.
    if (layout === null && pending.length < HEAD_CHARS && lineCount(pending) < HEAD_ROWS) continue;
    const cut = recordsEnd(pending, layout?.delimiter ?? null);
    if (cut > 0) {
      consume(pending.slice(0, cut), false);
      pending = pending.slice(cut);
    }
    if (pending.length > Math.max(SHARED_LIST_LIMITS.maxRecordChars, BLOCK_BYTES)) throw recordTooLong();
  }
  return { list: builder.finish(options.addedAt), sha256: hash.digest('hex') };
}

/**
 * Every line break as "\n" (a list kept on Windows and appended to elsewhere mixes them), piece by
 * piece: a "\r" at the end of a piece waits for the next, which may begin with its "\n".
 */
function lineBreakReader(): (text: string, last: boolean) => string {
  let heldCr = false;
  return (text, last) => {
    let t = (heldCr ? '\r' : '') + text;
    heldCr = !last && t.endsWith('\r');
    if (heldCr) t = t.slice(0, -1);
    return t.replace(/\r\n?/g, '\n');
  };
}

/**
 * The records of `text` (line breaks as "\n"). Without a quote opening a cell (what a register of
 * numbers is) the lines and cells are cut here, as papaparse cuts quote-free text, without an array for
 * every row of a block at once; otherwise papaparse reads the block, and a quote it cannot close refuses
 * the list: the rows after it would be read as one cell, and silently lost.
 */
function* records(text: string, delimiter: string, dropLast: boolean, at: { file: string; firstRow: number }): Generator<string[]> {
  let rows: (string | string[])[];
  if (opensQuote(text, delimiter)) {
    const parsed = Papa.parse<string[]>(text, { delimiter, newline: '\n', header: false, dynamicTyping: false, skipEmptyLines: false });
    const bad = parsed.errors.find((e) => e.type === 'Quotes');
    if (bad) {
      const row = at.firstRow + (bad.row ?? 0);
      throw new ReadError('read.unclosed_quote', { file: at.file, row }, { file: at.file, row });
    }
    rows = parsed.data;
  } else rows = text.split('\n');
  const lastRow = rows[rows.length - 1];
  if (dropLast && (lastRow === '' || (Array.isArray(lastRow) && lastRow.length === 1 && lastRow[0] === ''))) rows.pop();
  // The reader takes its cells before the next line is cut: one array serves every single-cell line.
  const one = [''];
  for (const row of rows) {
    if (typeof row !== 'string') yield row;
    else if (row.includes(delimiter)) yield row.split(delimiter);
    else {
      one[0] = row;
      yield one;
    }
  }
}

/** Whether a quote opens a cell somewhere in `text` (RFC 4180: only at a cell's start; inside a cell it is a letter). */
function opensQuote(text: string, delimiter: string): boolean {
  for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', i + 1)) {
    const before = text[i - 1];
    if (i === 0 || before === '\n' || before === delimiter) return true;
  }
  return false;
}

/**
 * Where the last complete record of `text` ends: after its last line break outside a quoted cell (0: none
 * yet). A quote opens a cell only at its start, as papaparse reads it; "" inside a quoted cell is a quote.
 */
function recordsEnd(text: string, delimiter: string | null): number {
  if (text.indexOf('"') < 0) return text.lastIndexOf('\n') + 1;
  let inQuotes = false;
  let atCellStart = true;
  let end = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (ch === '"' && atCellStart) inQuotes = true;
    else if (ch === '\n') end = i + 1;
    // Before the delimiter is known, any that could be one opens a cell: a record is then cut later, never wrongly.
    atCellStart = ch === '\n' || (delimiter === null ? ch === ';' || ch === ',' || ch === '\t' || ch === '|' : ch === delimiter);
  }
  return end;
}

interface TextLayout {
  delimiter: string;
  /** 1-based; 0 for a list with no header. */
  headerRow: number;
  read: ReturnType<typeof ledgerRowReader>;
}

/** The delimiter, line break, header and columns, from the first records of the list. */
function layoutOf(text: string, file: string, sheet: string, options: ReadLedgerOptions): TextLayout {
  const delimiter = sniffDelimiter(text);
  const rows = Papa.parse<string[]>(text, { delimiter, newline: '\n', header: false, preview: HEAD_ROWS }).data;
  const found = ledgerLayout({ name: sheet, rows }, options.mapping, file);
  const columns: LedgerColumns = found.columns;
  return { delimiter, headerRow: found.headerRow, read: ledgerRowReader(columns, { ...options, file, sheet, date1904: false }) };
}
