// Numbers as the digits a person reads, never in exponent notation: spreadsheet readers hand
// codes, phones and amounts over as JS numbers, and String(1e21) or String(1e-7) would leak "e".

/**
 * Plain decimal text of a finite number: shortest round-trip digits (what the spreadsheet shows
 * for a General cell), exponent expanded. `-0` gives "0". Non-finite numbers give null.
 */
export function plainNumberText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  if (n === 0) return '0';
  // Shortest digits, not the float's exact value: 1e25 reads "1" and 25 zeros, as typed.
  const text = String(n);
  return text.includes('e') ? expandExponent(text) : text;
}

/** "1.5e-7" → "0.00000015", "-2e+21" → "-2000000000000000000000". Input is JS's own output. */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exp = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exp);
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + out;
}

/** Where the run of ASCII digits starting at `from` ends (amounts and dates read their parts with it). */
export function digitRunEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) break;
    i++;
  }
  return i;
}
