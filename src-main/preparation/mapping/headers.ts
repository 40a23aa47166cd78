// Header rows: found automatically under title blocks, compared insensitive to case, accents,
// punctuation and spacing, and fingerprinted so a creditor's next file is recognised.
import type { Cell, RowSource } from '../reading/read-table';

/** "Teléfono  N° 1" → "telefono n 1". */
export function normalizeHeader(text: unknown): string {
  return String(text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const isText = (c: Cell) => typeof c === 'string' && c.trim() !== '' && !/^[\d\s.,/-]+$/.test(c);
const filled = (c: Cell) => c !== null && c !== undefined && !(typeof c === 'string' && c.trim() === '');

/**
 * The 0-based index of the header row among the first `scan` rows: the first row that is mostly text,
 * as wide as the table, and followed by a row of data. Title blocks (one cell) and blank rows are skipped.
 * `known` (normalized synonyms) breaks ties toward rows that name familiar fields.
 */
export function findHeaderRow(sheet: RowSource, known: ReadonlySet<string> = new Set(), scan = 30): number | null {
  // Only the first rows are looked at: a text file's are split here, not the whole file's.
  const rows: (readonly Cell[])[] = [];
  for (let r = 0; r < Math.min(sheet.length, scan + 20); r++) rows.push(sheet.at(r) ?? []);
  const limit = Math.min(rows.length, scan);
  const width = Math.max(0, ...rows.slice(0, Math.min(rows.length, scan + 20)).map((r) => r.filter(filled).length));
  let best: { index: number; score: number } | null = null;
  for (let i = 0; i < limit; i++) {
    const row = rows[i] ?? [];
    const cells = row.filter(filled);
    if (cells.length < Math.max(2, Math.ceil(width * 0.5))) continue;
    const texts = row.filter(isText).length;
    if (texts / cells.length < 0.7) continue;
    const next = rows.slice(i + 1, i + 4).some((r) => r.filter(filled).length >= Math.max(1, Math.ceil(cells.length * 0.3)));
    if (!next) continue;
    const familiar = row.filter((c) => known.has(normalizeHeader(c))).length;
    const score = cells.length + familiar * 3;
    if (!best || score > best.score) best = { index: i, score };
    // The first strong candidate wins: rows under a header are data, not better headers.
    if (familiar >= 2) break;
  }
  return best?.index ?? null;
}

/** Header texts of a row, trimmed; unnamed columns get their letter so they can still be mapped. */
export function headerNames(row: readonly Cell[]): string[] {
  return row.map((cell, i) => {
    const text = String(cell ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    return text || `(${columnName(i)})`;
  });
}

function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Same columns in the same order ⇒ same signature, whatever the case, accents or spacing. */
export function headerSignature(headers: readonly string[]): string {
  return headers.map(normalizeHeader).join('|');
}
