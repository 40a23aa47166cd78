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

/** Rows of text cells, one per record; blank lines stay as empty rows so row numbers match the file. */
export function parseCsv(text: string, delimiter: Delimiter): string[][] {
  const result = Papa.parse<string[]>(text, { delimiter, header: false, dynamicTyping: false, skipEmptyLines: false, newline: undefined });
  const rows = result.data;
  // A trailing newline makes one last empty record; it is not a row of the file.
  const last = rows[rows.length - 1];
  if (last && last.length === 1 && last[0] === '') rows.pop();
  return rows;
}
