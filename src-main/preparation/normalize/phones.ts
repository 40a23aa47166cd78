// A phone cell as creditors type it ("011 15-4567-8901 / 4444-5555 int. 23", "sin dato",
// 1145678901.0) → the 10-digit national numbers the service accepts, plus what was left out and
// why. libphonenumber-js alone misreads such cells (several numbers, "interno", "15" after a "9",
// a ".0" from the spreadsheet), so the cell is cut into numbers here and each is read by
// ./phone-number.ts, which takes its area codes from libphonenumber-js's metadata.
import { phoneReadingProblem, type PhoneProblem, type PhoneProblemReason } from './argentine-phone-checks';
import { digitlessCell, wholePhoneOfCell } from './phone-cell-fast';
import { BLANK, segmentsOf, splitSegment, type Chunk, type Piece } from './phone-cell-split';
import { normalizeAreaCode, readDigits, type DigitsReading, type PhoneChange } from './phone-number';

export type { PhoneChange } from './phone-number';
export { normalizeAreaCode } from './phone-number';

/** Why a piece of a cell gave no phone; the PhoneProblemReason ones are numbers that cannot be real. */
export type PhoneDropReason = 'extension' | 'junk' | 'no-area-code' | 'invalid' | 'duplicate' | 'empty' | PhoneProblemReason;

export interface NormalizedPhone {
  /** 10-digit national number: area code + subscriber, no 0, no 15, no 54, no 9. */
  value: string;
  /** The piece of the cell it came from, as written. */
  original: string;
  changes: PhoneChange[];
}

export interface DroppedPhonePiece {
  original: string;
  reason: PhoneDropReason;
  /** The values the reason's message names: a duplicate's `same` number, a problem's area code, …. */
  detail?: Record<string, string | number | null>;
}

export interface PhoneCellResult {
  /** In the order they appear in the cell, without duplicates. */
  phones: NormalizedPhone[];
  /** In the order they appear in the cell. */
  dropped: DroppedPhonePiece[];
}

export interface PhoneCellOptions {
  /** Area code for numbers written without one ("4567-8901"); "11", "351" or "0351". Unknown codes are ignored. */
  defaultAreaCode?: string | undefined;
  /** Only Argentina is supported. */
  country?: 'AR';
}

// Spaces that spreadsheets and web copies put in numbers; each maps to one plain space so that
// positions in the working text stay positions in the cell.
const ODD_SPACE = /[\t\v\f\u00A0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\uFEFF]/g;
const FULLWIDTH_DIGIT = /[\uFF10-\uFF19]/g;
// "int. 23", "interno 45", "ext 12", "anexo 3", "x12": a short number after the word, never the
// first group of a dashed number ("int 4567-8901" is not an extension).
const EXTENSION = /(?<!\p{L})(?:int(?:erno)?|ext(?:ension|ensión)?|anexo)\.?\s*[:#°º]?\s*\d{1,6}(?![\d-])|(?<!\p{L})x\s?\d{1,5}(?![\d-])/giu;
// A letter O typed for a zero inside a run of digits ("89O1", "O11"), not in a word ("Ocampo").
// Maximal runs only, so the scan stays linear on long cells.
const DIGIT_O_RUN = /[0-9oO]+/g;
const LETTER = /\p{L}/u;
// "1145678901.0": a number exported through a float column. Six digits at least before it, so
// dotted spellings ("11.4567.8901") are never touched.
const DECIMAL_ZERO = /(?<=\d{6})[.,]0{1,2}(?!\d|[.,]\d)/g;
const SCIENTIFIC = /^\+?(\d+)(?:[.,](\d+))?e\+?(\d{1,2})$/i;
const TEN_DIGITS = /^\d{10}$/;
// Only ASCII digits, spaces and number punctuation: none of the patterns above can match.
const PLAIN_CELL = /^[\d ()+\-/]*$/;

interface Marks {
  letterO: readonly number[];
  decimalZero: readonly number[];
  extensions: readonly { start: number; end: number }[];
}

interface WritableMarks {
  letterO: number[];
  decimalZero: number[];
  extensions: { start: number; end: number }[];
}

const NO_MARKS: Marks = Object.freeze({ letterO: Object.freeze([]), decimalZero: Object.freeze([]), extensions: Object.freeze([]) });

/**
 * Normalizes one phone cell (Argentine numbers). Several numbers may share a cell, separated by
 * / ; , | \ line breaks or words ("y", "o", "cel:"); a "-" or space separates numbers only where
 * every piece is a number on its own ("1145678901-1144445555") and joins them otherwise
 * ("4567-8901"). Never throws.
 */
export function normalizePhoneCell(cell: string | number | null | undefined, options: PhoneCellOptions = {}): PhoneCellResult {
  try {
    const area = options?.defaultAreaCode ? defaultAreaOf(options.defaultAreaCode) : null;
    if (cell === null || cell === undefined) return { phones: [], dropped: [{ original: '', reason: 'empty' }] };
    if (typeof cell === 'number' || typeof cell === 'bigint') return numericCell(cell, area);
    if (typeof cell !== 'string') return { phones: [], dropped: [{ original: '', reason: 'invalid' }] };
    // Ten digits and nothing else, as national lists and most creditors write a number: nothing to
    // cut or clean, so the number is read at once (the same reading the general path gives it).
    if (TEN_DIGITS.test(cell)) return single(readDigits(cell, false, area), cell, cell, [], area);
    const whole = wholePhoneOfCell(cell, area);
    if (whole) return single(whole.reading, whole.written, whole.original, [], area);
    const digitless = digitlessCell(cell);
    if (digitless) return { phones: [], dropped: [digitless] };
    return phoneTextCell(cell, area);
  } catch {
    // Defensive only: every path above is total; a cell must never stop a whole batch.
    return { phones: [], dropped: [{ original: typeof cell === 'string' ? cell.trim() : '', reason: 'invalid' }] };
  }
}

// A batch gives every cell the same default area code: read once, not once a cell.
let lastAreaText: string | undefined;
let lastArea: string | null = null;

function defaultAreaOf(text: string): string | null {
  if (text !== lastAreaText) {
    lastArea = normalizeAreaCode(text);
    lastAreaText = text;
  }
  return lastArea;
}

/** Union of a case's phone lists (rows × columns) in order; each repeated phone listed once. */
export function mergeCasePhones(lists: string[][]): { phones: string[]; duplicates: string[] } {
  let total = 0;
  for (const list of lists) total += list.length;
  if (total <= SMALL_MERGE) return mergeFewPhones(lists);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const phones: string[] = [];
  for (const list of lists) {
    for (const phone of list) {
      if (!seen.has(phone)) {
        seen.add(phone);
        phones.push(phone);
      } else repeated.add(phone);
    }
  }
  return { phones, duplicates: [...repeated] };
}

// Most cases have a handful of phones: a scan of a short array beats building two sets.
const SMALL_MERGE = 16;

function mergeFewPhones(lists: string[][]): { phones: string[]; duplicates: string[] } {
  const phones: string[] = [];
  const duplicates: string[] = [];
  for (const list of lists) {
    for (const phone of list) {
      if (!phones.includes(phone)) phones.push(phone);
      else if (!duplicates.includes(phone)) duplicates.push(phone);
    }
  }
  return { phones, duplicates };
}

/** A number cell: its exact integer digits (1145678901.0 is 1145678901); a fraction is invalid. */
function numericCell(cell: number | bigint, area: string | null): PhoneCellResult {
  if (typeof cell === 'number' && !Number.isFinite(cell)) return { phones: [], dropped: [{ original: String(cell), reason: 'invalid' }] };
  if (typeof cell === 'number' && (!Number.isInteger(cell) || cell < 0)) return { phones: [], dropped: [{ original: String(cell), reason: 'invalid' }] };
  const digits = BigInt(cell).toString();
  if (digits.startsWith('-')) return { phones: [], dropped: [{ original: digits, reason: 'invalid' }] };
  return single(readDigits(digits, false, area), digits, digits, [], area);
}

function single(reading: DigitsReading, written: string, original: string, changes: PhoneChange[], area: string | null): PhoneCellResult {
  const problem = phoneReadingProblem(reading, written, area);
  if (problem) return { phones: [], dropped: [problemPiece(original, problem)] };
  if (reading.kind === 'phone')
    return { phones: [{ value: reading.value, original, changes: changes.length === 0 ? reading.changes : [...changes, ...reading.changes] }], dropped: [] };
  return { phones: [], dropped: [{ original, reason: reading.kind }] };
}

function problemPiece(original: string, problem: PhoneProblem): DroppedPhonePiece {
  const { reason, ...detail } = problem;
  return { original, reason, detail };
}

/**
 * A text cell the general way: cleaned, cut into numbers, each read. normalizePhoneCell takes a
 * shorter way for most cells; exported so that tests can hold the two ways to the same results.
 */
export function phoneTextCell(raw: string, area: string | null): PhoneCellResult {
  // Most cells are plain digits and punctuation: no odd space, letter, exponent or ".0" to look
  // for, and nothing to mark (they share one empty, never-written set of marks).
  let marks = NO_MARKS;
  const trimmed = raw.trim();
  let work = raw;
  if (!PLAIN_CELL.test(raw)) {
    const found: WritableMarks = { letterO: [], decimalZero: [], extensions: [] };
    marks = found;
    work = raw.replace(ODD_SPACE, ' ').replace(FULLWIDTH_DIGIT, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48));
    if (work.trim() === '') return { phones: [], dropped: [{ original: trimmed, reason: 'empty' }] };
    const scientific = SCIENTIFIC.exec(work.trim());
    if (scientific) return scientificCell(scientific, trimmed, area);
    work = markedOut(work, found);
  } else if (trimmed === '') return { phones: [], dropped: [{ original: trimmed, reason: 'empty' }] };

  const phones: NormalizedPhone[] = [];
  const dropped: { at: number; entry: DroppedPhonePiece }[] = [];
  for (const e of marks.extensions)
    dropped.push({
      at: e.start,
      entry: { original: raw.slice(e.start, e.end).trim(), reason: 'extension' },
    });
  const segments = segmentsOf(work);
  if (!segments.some(hasNonZeroDigit)) {
    // "sin dato", "-", "0", "N/A": nothing that could be a number (an extension alone is reported as such).
    if (dropped.length === 0) dropped.push({ at: 0, entry: { original: trimmed, reason: 'junk' } });
    return { phones, dropped: dropped.map((d) => d.entry) };
  }

  // Loops rather than flatMap and closures: most cells that come this far are one or two pieces.
  const pieces: Piece[] = [];
  for (const chunks of segments) for (const piece of splitSegment(chunks, area)) pieces.push(piece);
  const seen = new Set<string>();
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    const first = piece.chunks[0];
    const last = piece.chunks[piece.chunks.length - 1];
    if (!first || !last) continue;
    const nextStart = pieces[i + 1]?.chunks[0]?.start ?? work.length;
    const span = spanOf(work, first, last, nextStart);
    const original = raw.slice(span.start, span.end).trim();
    // Checked after the cut, not while cutting: a placeholder beside a real number must not
    // change where the cell is cut, only be dropped.
    let written = '';
    for (const c of piece.chunks) written += c.digits;
    const problem = phoneReadingProblem(piece.reading, written, area);
    if (problem) {
      dropped.push({ at: first.start, entry: problemPiece(original, problem) });
      continue;
    }
    if (piece.reading.kind !== 'phone') {
      dropped.push({ at: first.start, entry: { original, reason: piece.reading.kind } });
      continue;
    }
    if (seen.has(piece.reading.value)) {
      // Another spelling of a number already kept ("(0351) 15 456-7890" after "351-4567890").
      dropped.push({ at: first.start, entry: { original, reason: 'duplicate', detail: { same: piece.reading.value } } });
      continue;
    }
    seen.add(piece.reading.value);
    const changes: PhoneChange[] = [];
    if (marks.letterO.some((at) => at >= span.start && at < span.end)) changes.push('fixed-letter-o');
    if (marks.decimalZero.some((at) => at >= span.start && at < span.end)) changes.push('removed-decimal-zero');
    if (marks.extensions.some((e) => e.start >= span.start && e.start < span.end)) changes.push('removed-extension');
    phones.push({ value: piece.reading.value, original, changes: changes.length === 0 ? piece.reading.changes : [...changes, ...piece.reading.changes] });
  }
  // Pieces come in cell order; only extensions, listed first, can be out of it.
  if (marks.extensions.length > 0) dropped.sort((a, b) => a.at - b.at);
  const entries: DroppedPhonePiece[] = [];
  for (const d of dropped) entries.push(d.entry);
  return { phones, dropped: entries };
}

function hasNonZeroDigit(chunks: readonly Chunk[]): boolean {
  for (const c of chunks) for (let i = 0; i < c.digits.length; i++) if (c.digits.charCodeAt(i) > 48 /* '0' */) return true;
  return false;
}

/** The cell with extensions and ".0" blanked out and letter O read as zero; where, in `marks`. */
function markedOut(text: string, marks: WritableMarks): string {
  let work = text.replace(EXTENSION, (found: string, offset: number) => {
    marks.extensions.push({ start: offset, end: offset + found.length });
    return BLANK.repeat(found.length);
  });
  if (/[oO]/.test(work))
    work = work.replace(DIGIT_O_RUN, (run: string, offset: number, whole: string) => {
      if (!/[oO]/.test(run) || !/\d/.test(run) || LETTER.test(whole[offset - 1] ?? '') || LETTER.test(whole[offset + run.length] ?? '')) return run;
      for (let i = 0; i < run.length; i++) if (run[i] === 'o' || run[i] === 'O') marks.letterO.push(offset + i);
      return run.replace(/[oO]/g, '0');
    });
  return work.replace(DECIMAL_ZERO, (found: string, offset: number) => {
    marks.decimalZero.push(offset);
    return BLANK.repeat(found.length);
  });
}

/** "5.491145678901E+12" as text: exact only when no digit was cut off by the exponent display. */
function scientificCell(match: RegExpExecArray, original: string, area: string | null): PhoneCellResult {
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const shift = Number(exponent);
  if (fraction.length !== shift) return { phones: [], dropped: [{ original, reason: 'invalid' }] };
  return single(readDigits(whole + fraction, false, area), whole + fraction, original, ['expanded-exponent'], area);
}

/** The cell text of a piece: its chunks plus a "+" or "(" before and a ")", ".0" or extension after. */
function spanOf(work: string, first: Chunk, last: Chunk, limit: number): { start: number; end: number } {
  let start = first.start;
  while (start > 0 && '+( '.includes(work[start - 1] ?? 'x')) start--;
  let end = last.end;
  while (end < limit && (') '.includes(work[end] ?? 'x') || work[end] === BLANK || opensExtension(work, end))) end++;
  return { start, end };
}

/** "(" that opens a blanked extension: "4567-8901 (int. 23)". */
function opensExtension(work: string, at: number): boolean {
  if (work[at] !== '(') return false;
  let i = at + 1;
  while (work[i] === ' ') i++;
  return work[i] === BLANK;
}
