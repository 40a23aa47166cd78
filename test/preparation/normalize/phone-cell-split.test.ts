// Where a phone cell is cut into numbers: the split must stay what it was before it was made
// cheaper (fewer copies, short ranges skipped unread). The reference is the first version.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentsOf, splitSegment, type Chunk, type Piece } from '../../../src-main/preparation/normalize/phone-cell-split';
import { normalizeAreaCode } from '../../../src-main/preparation/normalize';
import { readDigits, type DigitsReading } from '../../../src-main/preparation/normalize/phone-number';

const MAX_DIGITS = 15;

const cells = fc.oneof(
  fc.stringMatching(/^[\d ()+-]{1,30}$/),
  fc
    .array(fc.oneof(fc.stringMatching(/^\d{1,8}$/), fc.constantFrom('0', '00', '011', '15', '54', '9', '351', '4567', '8901', '000')), {
      minLength: 1,
      maxLength: 6,
    })
    .chain((groups) =>
      fc
        .array(fc.constantFrom(' ', '-', ' - ', '(', ') ', '+', ' +'), { minLength: groups.length, maxLength: groups.length })
        .map((seps) => groups.map((g, i) => seps[i] + g).join('')),
    ),
  fc.constantFrom('011 4000-000', '1145678901-1144445555', '351 15 456789 4567 8901', '0 0 0 0 11 4567 8901'),
);

describe('cutting a phone cell into numbers', () => {
  it('cuts where the first version cut, with the same readings (property)', () => {
    fc.assert(
      fc.property(cells, fc.constantFrom(undefined, '11', '351', '2964'), (cell, defaultAreaCode) => {
        const area = defaultAreaCode ? normalizeAreaCode(defaultAreaCode) : null;
        for (const chunks of segmentsOf(cell)) expect(splitSegment(chunks, area)).toEqual(referenceSplit(chunks, area));
      }),
      { numRuns: 4000, seed: 73 },
    );
  });
});

function referenceSplit(chunks: Chunk[], area: string | null): Piece[] {
  const whole = referencePiece(chunks, area);
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
      // A "+" or "(" starts a number ("(15)" aside): no piece runs across one.
      if (chunks.slice(from + 1, end).some((c) => c.plus || (c.paren && c.digits !== '15'))) break;
      const before = from === 0 ? start : best[from];
      if (!before) continue;
      const piece = referencePiece(chunks.slice(from, end), area);
      if (piece.reading.kind === 'invalid') continue;
      const phones = before.phones + (piece.reading.kind === 'phone' ? 1 : 0);
      const pieces = before.pieces + 1;
      const cutCost = before.cutCost + (from > 0 ? costOfCutBefore(chunks[from]) : 0);
      const current = best[end];
      const better =
        !current ||
        pieces < current.pieces ||
        (pieces === current.pieces && (phones > current.phones || (phones === current.phones && cutCost < current.cutCost)));
      if (better) best[end] = { phones, pieces, cutCost, from, piece };
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
function costOfCutBefore(chunk: Chunk | undefined): number {
  if (!chunk) return 0;
  const d = chunk.digits;
  const looksLikeStart = chunk.plus || chunk.paren || d.startsWith('0') || d === '15' || (d.startsWith('54') && d.length >= 12);
  return (chunk.tight ? 2 : 0) + (looksLikeStart ? 0 : 1);
}
function referencePiece(chunks: Chunk[], area: string | null): Piece {
  let digits = '';
  for (const c of chunks) digits += c.digits;
  const reading: DigitsReading = digits.length > MAX_DIGITS ? { kind: 'invalid' } : readDigits(digits, chunks[0]?.plus ?? false, area);
  return { chunks, reading };
}
