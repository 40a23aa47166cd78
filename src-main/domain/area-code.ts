// An Argentine area code as agents write it: "11", "011", "(0351)", "0 351". The trunk 0 is how the
// code is dialled inside the country, not part of it, so "011" is area 11.

/** The area code's digits without the trunk 0, or null when the text is not one (2 to 4 digits, not starting with 0). */
export function readAreaCode(text: string): string | null {
  const digits = text.replace(/[\s()-]/g, '');
  const code = digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[1-9]\d{1,3}$/.test(code) ? code : null;
}
