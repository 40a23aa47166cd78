// Cutting a phone cell into numbers: segments at hard separators, digit chunks inside them, and
// the choice of where a "-" or a space separates two numbers rather than the groups of one.
import { readDigits, type DigitsReading } from './phone-number';

/** Marks text already taken out (an extension, a ".0"): neither digit nor separator. */
export const BLANK = '\u0001';
const BLANK_CODE = 1;

export interface Chunk {
  start: number;
  end: number;
  digits: string;
  plus: boolean;
  /** "(" right before it: "(0351) …" opens a number. */
  paren: boolean;
  /** No space between this chunk and the one before ("4567-8901"): a cut here is a last resort. */
  tight: boolean;
}

export interface Piece {
  chunks: Chunk[];
  reading: DigitsReading;
}

/**
 * Cuts the working text into segments at hard separators and words, each segment a list of
 * digit chunks (cut at spaces, dashes, dots, parentheses). A "+" marks the chunk after it.
 */
export function segmentsOf(work: string): Chunk[][] {
  const segments: Chunk[][] = [];
  let chunks: Chunk[] = [];
  let chunk: Chunk | null = null;
  let plus = false;
  let spaced = false;
  let paren = false;
  for (let i = 0; i < work.length; i++) {
    const code = work.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      if (!chunk) {
        chunk = { start: i, end: i, digits: '', plus, paren, tight: !spaced };
        chunks.push(chunk);
        plus = false;
        spaced = false;
        paren = false;
      }
      chunk.end = i + 1;
      continue;
    }
    // A run of digits ends: its text in one slice rather than a character at a time.
    if (chunk) chunk.digits = work.slice(chunk.start, chunk.end);
    chunk = null;
    if (code === 32 || code === BLANK_CODE) spaced = true;
    if (code === 43 /* + */) plus = true;
    else if (code === 40 /* ( */) paren = true;
    else if (isHardSeparator(code) || isLetter(work[i] ?? '')) {
      // Close the segment (written out: a closure here would be made again for every cell).
      if (chunks.length > 0) segments.push(chunks);
      chunks = [];
      plus = false;
    }
  }
  if (chunk) chunk.digits = work.slice(chunk.start, chunk.end);
  if (chunks.length > 0) segments.push(chunks);
  return segments;
}

function isHardSeparator(code: number): boolean {
  // / ; , | \ and line breaks
  return code === 47 || code === 59 || code === 44 || code === 124 || code === 92 || code === 10 || code === 13;
}

function isLetter(char: string): boolean {
  const code = char.charCodeAt(0);
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return true;
  return code > 127 && /\p{L}/u.test(char);
}

const MAX_DIGITS = 15;
/** The shortest number readDigits takes: a six-digit subscriber. */
const MIN_DIGITS = 6;

/**
 * The whole segment as one number when it reads as one; otherwise the split at chunk borders
 * where every piece means something (a phone, a number lacking its area code, or zeros), with
 * the fewest pieces and then the most phones. Fewest pieces first: with a 4-digit default area
 * any 6 digits read as a phone, so "most phones" would cut real numbers into local ones.
 * Ties go to the most natural cuts (see costOfCutBefore). No such split: the whole segment.
 */
export function splitSegment(chunks: Chunk[], area: string | null): Piece[] {
  const whole = readPiece(chunks, area);
  if (whole.reading.kind === 'phone' || chunks.length === 1) return [whole];
  const n = chunks.length;
  // best[i]: best split of chunks[0..i), scored by pieces used, phones found, then how odd its cuts are.
  const best: ({ phones: number; pieces: number; cutCost: number; from: number; piece: Piece } | null)[] = new Array(n + 1).fill(null);
  const start = { phones: 0, pieces: 0, cutCost: 0 };
  for (let end = 1; end <= n; end++) {
    let digits = 0;
    for (let from = end - 1; from >= 0; from--) {
      digits += chunks[from]?.digits.length ?? 0;
      if (digits > MAX_DIGITS) break;
      // A "+" or "(" starts a number ("(15)" aside): no piece runs across one. The chunks after
      // `from` grow by one each step, so only the newest one needs looking at.
      const inside = from + 1 < end ? chunks[from + 1] : undefined;
      if (inside && (inside.plus || (inside.paren && inside.digits !== '15'))) break;
      const before = from === 0 ? start : best[from];
      if (!before) continue;
      // Fewer than six digits, not all zeros: never a number, whatever they start with (readDigits).
      if (digits < MIN_DIGITS && hasNonZero(chunks, from, end)) continue;
      // The piece's chunks are copied out only when it is kept (most tries are not).
      const reading = from === 0 && end === n ? whole.reading : readRange(chunks, from, end, area);
      if (reading.kind === 'invalid') continue;
      const phones = before.phones + (reading.kind === 'phone' ? 1 : 0);
      const pieces = before.pieces + 1;
      const cutCost = before.cutCost + (from > 0 ? costOfCutBefore(chunks[from]) : 0);
      const current = best[end];
      const better =
        !current ||
        pieces < current.pieces ||
        (pieces === current.pieces && (phones > current.phones || (phones === current.phones && cutCost < current.cutCost)));
      if (better) best[end] = { phones, pieces, cutCost, from, piece: { chunks: chunks.slice(from, end), reading } };
    }
  }
  if (!best[n]) return [whole];
  const out: Piece[] = [];
  for (let at = n; at > 0;) {
    const step = best[at];
    if (!step) return [whole];
    out.unshift(step.piece);
    at = step.from;
  }
  return out;
}

/**
 * How odd it is for a number to start at this chunk: cutting inside "4567-8901" (no space) is
 * worse than at a space, and a chunk that looks like a number's start ("0…", "+", "15", "54…")
 * is where a cut is most natural.
 */
function costOfCutBefore(chunk: Chunk | undefined): number {
  if (!chunk) return 0;
  const d = chunk.digits;
  const looksLikeStart = chunk.plus || chunk.paren || d.startsWith('0') || d === '15' || (d.startsWith('54') && d.length >= 12);
  return (chunk.tight ? 2 : 0) + (looksLikeStart ? 0 : 1);
}

function readPiece(chunks: Chunk[], area: string | null): Piece {
  return { chunks, reading: readRange(chunks, 0, chunks.length, area) };
}

function hasNonZero(chunks: readonly Chunk[], from: number, end: number): boolean {
  for (let i = from; i < end; i++) {
    const digits = chunks[i]?.digits ?? '';
    for (let j = 0; j < digits.length; j++) if (digits.charCodeAt(j) !== 48) return true;
  }
  return false;
}

/** What chunks[from..end) read as, taken together. */
function readRange(chunks: readonly Chunk[], from: number, end: number, area: string | null): DigitsReading {
  let digits = '';
  for (let i = from; i < end; i++) digits += chunks[i]?.digits ?? '';
  return digits.length > MAX_DIGITS ? { kind: 'invalid' } : readDigits(digits, chunks[from]?.plus ?? false, area);
}
