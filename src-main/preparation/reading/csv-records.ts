// Where a text file's records and fields end, found in its bytes as papaparse finds them in its
// decoded text. Every character the parse decides on (the quote, the delimiter, CR, LF) is ASCII and
// reads the same in UTF-8 and Windows-1252, so the same steps over the bytes split where papaparse
// splits the text, and a 1 GB file never becomes one string (V8's longest is ~512 MB).
//
// Why a scanner of our own rather than papaparse over decoded chunks: a chunk may only end where a
// record ends, and where a quoted record ends is what is being looked for; a broken quote makes the
// rest of the file one record, which no chunk (or string) can hold. Each step below is papaparse's
// Parser (5.x, quoted path) step for step, and test/preparation/reading proves the two equal on fixed
// and random texts. A record is still split into cells by papaparse when asked (csv-rows.ts).
import type { Delimiter, LineBreak } from './csv';

export type TextEncoding = 'utf-8' | 'windows-1252';

/** A text file's bytes: its text starts at `start` (after a byte-order mark) and reads in `encoding`. */
export interface TextBytes {
  bytes: Uint8Array;
  start: number;
  encoding: TextEncoding;
}

/** One record: where it ends (its line break included), its cells, whether it reads as one empty cell. */
export interface ScannedRecord {
  end: number;
  width: number;
  blank: boolean;
  /** The first cell longer than `maxCellChars` characters (0-based), or -1. */
  longCell: number;
  /** The parse ended with this record: papaparse reads nothing after it. */
  last: boolean;
}

const QUOTE = 0x22;

/**
 * Bytes of the character at `i` when it is one String.prototype.trim removes (papaparse trims the gap
 * between a closing quote and what follows it), else 0. JavaScript's white space: ASCII's, NBSP,
 * U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 and U+FEFF.
 */
function spaceBytes(b: Uint8Array, i: number, encoding: TextEncoding): number {
  const c = b[i] as number;
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) return 1;
  if (encoding === 'windows-1252') return c === 0xa0 ? 1 : 0;
  if (c === 0xc2) return b[i + 1] === 0xa0 ? 2 : 0;
  const c1 = b[i + 1];
  const c2 = b[i + 2] as number;
  if (c === 0xe1) return c1 === 0x9a && c2 === 0x80 ? 3 : 0;
  if (c === 0xe2 && c1 === 0x80) return (c2 >= 0x80 && c2 <= 0x8a) || c2 === 0xa8 || c2 === 0xa9 || c2 === 0xaf ? 3 : 0;
  if (c === 0xe2) return c1 === 0x81 && c2 === 0x9f ? 3 : 0;
  if (c === 0xe3) return c1 === 0x80 && c2 === 0x80 ? 3 : 0;
  if (c === 0xef) return c1 === 0xbb && c2 === 0xbf ? 3 : 0;
  return 0;
}

/**
 * The characters (UTF-16 units, as String.length counts) of the cell in bytes from..to, a quoted
 * cell's doubled quotes read as one; counting stops once past `stopAbove`.
 */
function cellLength(b: Uint8Array, from: number, to: number, encoding: TextEncoding, unescape: boolean, stopAbove: number): number {
  let units = 0;
  for (let i = from; i < to && units <= stopAbove; i++) {
    const c = b[i] as number;
    if (unescape && c === QUOTE && b[i + 1] === QUOTE && i + 1 < to) i += 1;
    if (encoding === 'windows-1252' || c < 0x80) units += 1;
    else if ((c & 0xc0) !== 0x80) units += c >= 0xf0 ? 2 : 1;
  }
  return units;
}

/** Reads a text's records one after another, from its start, as papaparse's Parser reads them. */
export class RecordScanner {
  private readonly b: Buffer;
  private readonly len: number;
  private readonly delim: number;
  private readonly lineBreak: Buffer;
  private readonly encoding: TextEncoding;
  private readonly maxCellChars: number;
  /** The next delimiter and line break at or after a point not past the cursor (-1: none left), as papaparse keeps them. */
  private nd: number;
  private nn: number;
  /** The next quote, kept the same way: a file without one never searches again. */
  private nq: number;
  cursor: number;

  constructor(source: TextBytes, delimiter: Delimiter, lineBreak: LineBreak, maxCellChars: number) {
    const { bytes } = source;
    this.b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.len = bytes.byteLength;
    this.delim = delimiter.charCodeAt(0);
    this.lineBreak = Buffer.from(lineBreak, 'latin1');
    this.encoding = source.encoding;
    this.maxCellChars = maxCellChars;
    this.cursor = source.start;
    this.nd = this.b.indexOf(this.delim, source.start);
    this.nn = this.b.indexOf(this.lineBreak, source.start);
    this.nq = this.b.indexOf(QUOTE, source.start);
  }

  /** An empty text has no record at all. */
  get empty(): boolean {
    return this.cursor >= this.len;
  }

  private delimFrom(p: number): number {
    if (this.nd !== -1 && this.nd < p) this.nd = this.b.indexOf(this.delim, p);
    return this.nd;
  }

  private lineBreakFrom(p: number): number {
    if (this.nn !== -1 && this.nn < p) this.nn = this.b.indexOf(this.lineBreak, p);
    return this.nn;
  }

  /** papaparse's extraSpaces: the gap from..to when it is all white space (and not empty), else 0. */
  private blankGap(from: number, to: number): number {
    if (to === -1 || to <= from) return 0;
    for (let i = from; i < to;) {
      const n = spaceBytes(this.b, i, this.encoding);
      if (n === 0) return 0;
      i += n;
    }
    return to - from;
  }

  private startsLineBreak(at: number): boolean {
    const { b, lineBreak } = this;
    return b[at] === lineBreak[0] && (lineBreak.length === 1 || b[at + 1] === lineBreak[1]);
  }

  /**
   * A record with no quote, ended by a line break and no longer than a cell may be: its cells are its
   * delimiters plus one, counted in a loop over its bytes (a call to indexOf a cell costs more than
   * reading a kilobyte). Null for any other record, which papaparse's steps read.
   */
  private plainRecord(): ScannedRecord | null {
    const { b, cursor } = this;
    const nn = this.lineBreakFrom(cursor);
    if (nn === -1 || nn - cursor > this.maxCellChars) return null;
    if (this.nq !== -1 && this.nq < cursor) this.nq = b.indexOf(QUOTE, cursor);
    if (this.nq !== -1 && this.nq < nn) return null;
    let width = 1;
    for (let i = cursor; i < nn; i++) if (b[i] === this.delim) width += 1;
    this.cursor = nn + this.lineBreak.length;
    return { end: this.cursor, width, blank: nn === cursor, longCell: -1, last: false };
  }

  /** The record from the cursor on; the cursor moves past it. */
  next(): ScannedRecord {
    const plain = this.plainRecord();
    if (plain) return plain;
    const { b, len } = this;
    let width = 0;
    let firstEmpty = false;
    let longCell = -1;
    const cell = (from: number, to: number, unescape: boolean) => {
      if (width === 0) firstEmpty = from >= to;
      if (longCell < 0 && to - from > this.maxCellChars && cellLength(b, from, to, this.encoding, unescape, this.maxCellChars) > this.maxCellChars) {
        longCell = width;
      }
      width += 1;
    };
    const done = (end: number, last: boolean): ScannedRecord => {
      this.cursor = end;
      return { end, width, blank: width === 1 && firstEmpty, longCell, last };
    };
    let c = this.cursor;
    for (;;) {
      if (c < len && b[c] === QUOTE) {
        const open = c;
        let q = c;
        let field: { next: number } | { end: number };
        for (;;) {
          q = b.indexOf(QUOTE, q + 1);
          // No closing quote: the rest of the text is this cell, as it is (papaparse's finish()).
          if (q === -1) {
            cell(open + 1, len, false);
            return done(len, true);
          }
          if (q === len - 1) {
            cell(open + 1, q, true);
            return done(len, true);
          }
          if (b[q + 1] === QUOTE) {
            q += 1;
            continue;
          }
          const nd = this.delimFrom(q + 1);
          const nn = this.lineBreakFrom(q + 1);
          const beforeDelim = this.blankGap(q + 1, nn === -1 ? nd : Math.min(nd, nn));
          if (b[q + 1 + beforeDelim] === this.delim && q + 1 + beforeDelim < len) {
            field = { next: q + 2 + beforeDelim };
            break;
          }
          const beforeBreak = this.blankGap(q + 1, nn);
          if (this.startsLineBreak(q + 1 + beforeBreak) && q + 1 + beforeBreak < len) {
            field = { end: q + 1 + beforeBreak + this.lineBreak.length };
            break;
          }
          // A quote followed by anything else is part of the cell (papaparse's InvalidQuotes).
          q += 1;
        }
        cell(open + 1, q, true);
        if ('end' in field) return done(field.end, false);
        c = field.next;
        continue;
      }
      const nd = this.delimFrom(c);
      const nn = this.lineBreakFrom(c);
      if (nd !== -1 && (nd < nn || nn === -1)) {
        cell(c, nd, false);
        c = nd + 1;
        continue;
      }
      if (nn !== -1) {
        cell(c, nn, false);
        return done(nn + this.lineBreak.length, false);
      }
      cell(c, len, false);
      return done(len, true);
    }
  }
}
