// A worksheet's cells read straight from its XML. SheetJS spends ~10 MB/s building cell objects
// we copy and throw away; this reads the usual shape of <sheetData> about five times faster and
// gives the cells exactly as our SheetJS options would. Anything outside that shape answers
// `unsupported`, and the caller lets SheetJS read the whole file instead: it is never guessed.
import type { Cell } from './cell';

/** What the workbook's other parts tell about a cell: SheetJS parses those small parts for us. */
export interface WorkbookParts {
  /** Shared strings' text, by index. */
  strings: readonly { t?: unknown }[];
  /** Number format id of each cell style (cellXfs), by the cell's `s`. */
  styleFormats: readonly (number | undefined)[];
  /** Number formats by id: built-in and the file's own. */
  formats: Readonly<Record<number, string | undefined>>;
  isDateFormat: (format: string) => boolean;
  date1904: boolean;
}

/** Rows as SheetJS's dense data: a hole where the file has no cell (or no row). */
export type SparseRows = (Cell | undefined)[][];

export const UNSUPPORTED = Symbol('unsupported');

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 date system, as Excel counts it (it keeps Lotus's 29 February 1900). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);

/** An Excel serial day as SheetJS turns it into a Date (day 60, Lotus's 29 February, stays a number). */
function serialDate(serial: number, date1904: boolean): Cell {
  const v = date1904 ? serial + 1462 : serial;
  if (v >= 60 && v < 61) return v;
  return new Date((v > 60 ? v : v + 1) * DAY_MS + EPOCH_1900);
}

const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const NAMED: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const ESCAPED_CHAR = /_x([\da-fA-F]{4})_/gi;

/** XML entities, then Office's _xHHHH_ escapes, as SheetJS decodes text. */
function unescapeText(text: string): string {
  let s = text;
  if (s.includes('&')) {
    s = s.replace(ENTITY, (m, code: string | undefined) => {
      const named = NAMED[m.toLowerCase()];
      if (named !== undefined) return named;
      return String.fromCharCode(parseInt(code ?? '', m.includes('x') || m.includes('X') ? 16 : 10)) || m;
    });
  }
  if (s.includes('_x') || s.includes('_X')) s = s.replace(ESCAPED_CHAR, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return s;
}

/** A cell's text, with Windows line ends made "\n" (SheetJS does both). */
function cellText(text: string): string {
  const s = unescapeText(text);
  return s.includes('\r\n') ? s.replace(/\r\n/g, '\n') : s;
}

/** A cell tag's attributes that matter here; one object reused for every cell of a sheet. */
interface CellTag {
  r: string | undefined;
  t: string | undefined;
  s: string | undefined;
}

/**
 * Reads the attributes of the tag xml[from, to) into `tag`, in one walk of its few dozen
 * characters. False when the tag is malformed (an attribute without a quoted value).
 */
function readCellTag(xml: string, from: number, to: number, tag: CellTag): boolean {
  tag.r = tag.t = tag.s = undefined;
  let at = from + 2;
  let spaced = true;
  while (at < to) {
    const ch = xml.charCodeAt(at);
    if (ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 47) {
      spaced = ch !== 47;
      at++;
      continue;
    }
    // SheetJS reads attributes its own way (names lower-cased, prefixes and "_…" cut off, none
    // without a space before it): only the plain spelling is read here, as both read it alike.
    if (!spaced) return false;
    const eq = xml.indexOf('=', at);
    if (eq < 0 || eq >= to) return false;
    const quote = xml.charCodeAt(eq + 1);
    if (quote !== 34 && quote !== 39) return false;
    const end = xml.indexOf(quote === 34 ? '"' : "'", eq + 2);
    if (end < 0 || end >= to) return false;
    if (eq - at === 1) {
      const name = xml.charCodeAt(at);
      if (name === 114) tag.r = xml.slice(eq + 2, end);
      else if (name === 116) tag.t = xml.slice(eq + 2, end);
      else if (name === 115) tag.s = xml.slice(eq + 2, end);
      else return false;
    } else if (!KNOWN_CELL_ATTRIBUTES.has(xml.slice(at, eq))) return false;
    at = end + 1;
    spaced = false;
  }
  return true;
}

/** A cell's other attributes (metadata, phonetics), which change nothing read here. */
const KNOWN_CELL_ATTRIBUTES = new Set(['cm', 'vm', 'ph', 'xml:space']);

/** "B12" → [11, 1] (row, column, 0-based); anything but a plain A1 reference → null. */
function cellPosition(ref: string): [number, number] | null {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  if (i === 0 || i > 3 || i === ref.length) return null;
  let row = 0;
  for (let k = i; k < ref.length; k++) {
    const c = ref.charCodeAt(k);
    if (c < 48 || c > 57 || (k === i && c === 48)) return null;
    row = row * 10 + (c - 48);
  }
  return [row - 1, col - 1];
}

/** The text inside <tag>…</tag> of a cell's content, or undefined when absent; null when malformed. */
function element(cell: string, tag: string): string | undefined | null {
  const open = cell.indexOf(`<${tag}`);
  if (open < 0) return undefined;
  const next = cell.charCodeAt(open + tag.length + 1);
  if (next === 47) return ''; // <v/>
  if (next !== 62 && next !== 32) return null;
  const start = cell.indexOf('>', open) + 1;
  if (cell.charCodeAt(start - 2) === 47) return '';
  const end = cell.indexOf(`</${tag}>`, start);
  return end < 0 ? null : cell.slice(start, end);
}

/** An inline string's text: one <t>, or rich-text runs of <t>; other shapes are SheetJS's. */
function inlineText(content: string): string | typeof UNSUPPORTED {
  const trimmed = content.trimStart();
  if (trimmed.startsWith('<t>') || trimmed.startsWith('<t ')) {
    const start = trimmed.indexOf('>') + 1;
    const end = trimmed.indexOf('</t>', start);
    return cellText(end < 0 ? trimmed.slice(start) : trimmed.slice(start, end));
  }
  return content === '' ? '' : UNSUPPORTED;
}

/** What scanning one sheet carries from chunk to chunk. */
interface ScanContext {
  parts: WorkbookParts;
  rows: SparseRows;
  /** When kept: each row's index as its first cell is read (streamWorksheetRows hands them on). */
  touched?: number[];
  tag: CellTag;
  isDateStyle: (style: string) => boolean | null;
}

const PREFIXED_TAG = /<\/?[A-Za-z_][\w.-]*:/;
const ODD_ENTITY = /&(?!(?:amp|lt|gt|quot|apos);)/;

/** Decoded and scanned this many bytes at a time (cut at a row's end): the sheet is never one string. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * The cells of one worksheet part, or UNSUPPORTED for anything this reader does not know exactly:
 * namespace prefixes, CDATA, cells without a reference, ISO date cells, rich inline text.
 */
export function worksheetRows(part: Uint8Array | string, parts: WorkbookParts): SparseRows | typeof UNSUPPORTED {
  const bytes = typeof part === 'string' ? Buffer.from(part) : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  // CDATA; hyperlinks (SheetJS makes a cell for each); numeric character references (SheetJS
  // decodes them in an order of its own): all rare in a creditor's export, all left to SheetJS.
  if (foreignShape(bytes)) return UNSUPPORTED;
  const dataOpen = bytes.indexOf('<sheetData');
  if (dataOpen < 0) return bytes.includes(':sheetData') ? UNSUPPORTED : [];
  const dataTagEnd = bytes.indexOf('>', dataOpen);
  if (dataTagEnd < 0) return UNSUPPORTED;
  if (bytes[dataTagEnd - 1] === 47) return [];
  const dataEnd = bytes.indexOf('</sheetData>', dataTagEnd);
  if (dataEnd < 0) return UNSUPPORTED;

  const ctx = scanContext(parts);
  const decoder = new TextDecoder('utf-8');
  for (let from = dataTagEnd + 1; from < dataEnd;) {
    // A row's end is plain ASCII, so a cut there never splits a character.
    const cut = from + CHUNK_BYTES >= dataEnd ? -1 : bytes.indexOf('</row>', from + CHUNK_BYTES);
    const to = cut < 0 || cut >= dataEnd ? dataEnd : cut + 6;
    const xml = decoder.decode(bytes.subarray(from, to));
    // Prefixed elements (<x:c>) and entities beyond XML's five lower-case ones: SheetJS's reading.
    if (PREFIXED_TAG.test(xml) || ODD_ENTITY.test(xml)) return UNSUPPORTED;
    if (!scanRows(xml, 0, xml.length, ctx)) return UNSUPPORTED;
    from = to;
  }
  return ctx.rows;
}

function scanContext(parts: WorkbookParts): ScanContext {
  const dateStyle = new Map<string, boolean>();
  return {
    parts,
    rows: [],
    tag: { r: undefined, t: undefined, s: undefined },
    isDateStyle: (style) => {
      // SheetJS looks the index up as written: "01" or " 1" finds no style (General).
      if (!/^(0|[1-9]\d*)$/.test(style)) return null;
      let known = dateStyle.get(style);
      if (known === undefined) {
        const format = parts.formats[parts.styleFormats[Number(style)] ?? 0];
        if (format === undefined) return null;
        known = parts.isDateFormat(format);
        dateStyle.set(style, known);
      }
      return known;
    },
  };
}

/** Bytes a streamed sheet may have before its rows, and in one row. */
const MAX_BYTES_BEFORE_ROWS = 1024 * 1024;
const MAX_ROW_BYTES = 64 * 1024 * 1024;

/** What makes a part SheetJS's to read, wherever it is in the part (see worksheetRows). */
const foreignShape = (bytes: Buffer) => bytes.includes('<![CDATA[') || bytes.includes('<hyperlink') || bytes.includes('&#');

/**
 * The rows of one worksheet part handed to `onRow` in order as its bytes arrive, none kept after: a
 * sheet too big to hold (a corrected report of a million-case batch). False for what worksheetRows
 * calls UNSUPPORTED, and for a row that comes again or out of order (SheetJS would merge it): the rows
 * already handed over then stand for nothing, and the caller refuses the file.
 */
export async function streamWorksheetRows(
  chunks: AsyncIterable<Uint8Array>,
  parts: WorkbookParts,
  onRow: (r: number, cells: (Cell | undefined)[]) => void,
  { pieceBytes = CHUNK_BYTES, maxRowBytes = MAX_ROW_BYTES, maxBytesBeforeRows = MAX_BYTES_BEFORE_ROWS } = {},
): Promise<boolean> {
  const ctx = scanContext(parts);
  const touched: number[] = [];
  ctx.touched = touched;
  const decoder = new TextDecoder('utf-8');
  let state: 'before' | 'rows' | 'after' = 'before';
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  // Held bytes are scanned again only once they have doubled: a row longer than a piece costs its
  // length a few times, not once per chunk that brings it (8 MB of one row took 18 s, 32 MB 172 s).
  let scanAt = pieceBytes;
  let lastRow = -1;

  const scanPiece = (piece: Buffer): boolean => {
    const xml = decoder.decode(piece);
    if (PREFIXED_TAG.test(xml) || ODD_ENTITY.test(xml)) return false;
    if (!scanRows(xml, 0, xml.length, ctx)) return false;
    for (const r of touched) {
      if (r <= lastRow) return false;
      lastRow = r;
      onRow(r, ctx.rows[r] ?? []);
      delete ctx.rows[r];
    }
    touched.length = 0;
    return true;
  };

  /** Scans what is held up to its last whole row (all of it when `final`); keeps the rest. */
  const consume = (final: boolean): boolean => {
    let bytes = Buffer.concat(held);
    held = [];
    heldBytes = 0;
    const keep = (rest: Buffer) => {
      held = [rest];
      heldBytes = rest.length;
      // Never past a row's limit, so a row that passes it is caught while it comes.
      scanAt = Math.max(pieceBytes, Math.min(2 * rest.length, maxRowBytes + 1));
    };
    if (foreignShape(bytes)) return false;
    if (state === 'before') {
      const open = bytes.indexOf('<sheetData');
      const tagEnd = open < 0 ? -1 : bytes.indexOf('>', open);
      if (tagEnd < 0) {
        if (final) return open < 0 && !bytes.includes(':sheetData');
        // What comes before the rows is a few kilobytes: past that, a prefixed sheet or no sheet.
        if (bytes.length > maxBytesBeforeRows) return false;
        // A tag cut between chunks: kept for the next.
        keep(bytes);
        return true;
      }
      state = bytes[tagEnd - 1] === 47 ? 'after' : 'rows';
      bytes = bytes.subarray(tagEnd + 1);
    }
    if (state === 'rows') {
      const end = bytes.indexOf('</sheetData>');
      if (end >= 0) {
        if (!scanPiece(bytes.subarray(0, end))) return false;
        state = 'after';
        bytes = bytes.subarray(end);
      } else {
        const cut = bytes.lastIndexOf('</row>');
        if (final) return false; // no end to the rows
        if (cut >= 0 && !scanPiece(bytes.subarray(0, cut + 6))) return false;
        // One row past this is no row of a report: it is read whole, within the workbook's limits, or refused.
        if (bytes.length - (cut + 6) > maxRowBytes) return false;
        keep(bytes.subarray(cut < 0 ? 0 : cut + 6));
        return true;
      }
    }
    // After the rows only a hyperlink matters: a tail is kept in case one is cut between chunks.
    if (!final) keep(bytes.subarray(Math.max(0, bytes.length - 16)));
    return true;
  };

  for await (const chunk of chunks) {
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes >= scanAt && !consume(false)) return false;
  }
  return consume(true);
}

/** Whether xml[from, to) is only white space. */
function blank(xml: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const ch = xml.charCodeAt(i);
    if (ch !== 32 && ch !== 9 && ch !== 10 && ch !== 13) return false;
  }
  return true;
}

/** Scans the whole rows in xml[from, to) into ctx.rows; false for anything outside the known shape. */
function scanRows(xml: string, from: number, to: number, ctx: ScanContext): boolean {
  let at = from;
  for (;;) {
    const rowOpen = xml.indexOf('<row', at);
    if (rowOpen < 0 || rowOpen >= to) break;
    const rowTagEnd = xml.indexOf('>', rowOpen);
    if (rowTagEnd < 0 || rowTagEnd > to) return false;
    if (xml.charCodeAt(rowTagEnd - 1) === 47) {
      at = rowTagEnd + 1;
      continue;
    }
    const rowEnd = xml.indexOf('</row>', rowTagEnd);
    if (rowEnd < 0 || rowEnd > to) return false;
    // Cells are searched within their row: a row without any must not send the search on to the end.
    const row = xml.slice(0, rowEnd);
    let c = rowTagEnd + 1;
    for (;;) {
      const cellOpen = row.indexOf('<c', c);
      // Only white space between cells: SheetJS would read stray text as part of the cell before.
      if (!blank(row, c, cellOpen < 0 ? rowEnd : cellOpen)) return false;
      if (cellOpen < 0) break;
      const after = xml.charCodeAt(cellOpen + 2);
      if (after !== 32 && after !== 62 && after !== 47) return false;
      const tagEnd = xml.indexOf('>', cellOpen);
      const empty = xml.charCodeAt(tagEnd - 1) === 47;
      const cellEnd = empty ? tagEnd - 1 : xml.indexOf('</c>', tagEnd);
      if (cellEnd < 0 || cellEnd > rowEnd) return false;
      c = empty ? tagEnd + 1 : cellEnd + 4;

      if (!readCellTag(xml, cellOpen, empty ? tagEnd - 1 : tagEnd, ctx.tag)) return false;
      const position = ctx.tag.r === undefined ? null : cellPosition(ctx.tag.r);
      if (!position) return false;
      const type = ctx.tag.t;
      const content = empty ? '' : xml.slice(tagEnd + 1, cellEnd);
      const raw = empty ? undefined : element(content, 'v');
      if (raw === null) return false;
      // An empty <v> is no value, as for SheetJS.
      const v = raw === '' || raw === undefined ? undefined : unescapeText(raw);
      let value: Cell;
      switch (type) {
        case undefined:
        case 'n': {
          if (v === undefined) continue;
          const n = parseFloat(v);
          const style = ctx.tag.s;
          const date = style === undefined ? false : ctx.isDateStyle(style);
          if (date === null) return false;
          value = date ? serialDate(n, ctx.parts.date1904) : n;
          break;
        }
        case 's': {
          if (v === undefined) continue;
          const shared = ctx.parts.strings[parseInt(v, 10)];
          if (!shared) return false;
          value = shared.t === undefined || shared.t === null ? null : (shared.t as Cell);
          break;
        }
        // SheetJS decodes a formula's text result twice; so does this, so both read the same.
        case 'str':
          // SheetJS turns _xHHHH_ into a character and then reads it again as UTF-8 bytes: past
          // U+007F that garbles it, so such a file is SheetJS's to read.
          if (raw !== undefined && raw.includes('_x') && /_x(?:00[89a-fA-F][\da-fA-F]|0[1-9a-fA-F][\da-fA-F]{2}|[1-9a-fA-F][\da-fA-F]{3})_/.test(raw))
            return false;
          value = v === undefined ? '' : cellText(v);
          break;
        case 'inlineStr': {
          if (empty) {
            value = '';
            break;
          }
          const inline = element(content, 'is');
          if (inline === null) return false;
          const text = inline === undefined ? '' : inlineText(inline);
          if (text === UNSUPPORTED) return false;
          value = text;
          break;
        }
        case 'b':
          value = v === '1' || v === 'true';
          break;
        case 'e':
          value = null;
          break;
        default:
          return false;
      }
      const [r, col] = position;
      let cells = ctx.rows[r];
      if (cells === undefined) {
        ctx.rows[r] = cells = [];
        ctx.touched?.push(r);
      }
      cells[col] = value;
    }
    at = rowEnd + 6;
  }
  return true;
}
