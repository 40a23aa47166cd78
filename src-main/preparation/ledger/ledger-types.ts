// How the do-not-contact ledger's values are written the one way matching can trust: phones as the
// preparation pipeline normalizes them, codes as it cleans them. Pure.
import { creditorKey } from '../../domain/ledger';
import { cleanCode, normalizePhoneCell, type PhoneDropReason } from '../normalize';

export { LEDGER_REASONS, type LedgerEntry, type LedgerKind, type LedgerReason } from '../../domain/ledger';

export type LedgerPhone = { ok: true; value: string } | { ok: false; reason: PhoneDropReason | 'several-numbers' };

/**
 * A ledger phone as the preparation pipeline writes it: "011 15-4444-5555" and "+54 9 11 4444 5555"
 * are both 1144445555. A cell holding two numbers is refused: an entry is one number.
 */
export function ledgerPhone(text: string | number, defaultAreaCode?: string): LedgerPhone {
  const read = normalizePhoneCell(text, { defaultAreaCode });
  const [only] = read.phones;
  if (read.phones.length === 1 && only) return { ok: true, value: only.value };
  if (read.phones.length > 1) return { ok: false, reason: 'several-numbers' };
  return { ok: false, reason: read.dropped[0]?.reason ?? 'invalid' };
}

/** A ledger code as preparation cleans case codes. */
export function ledgerCode(text: string | number): string {
  return cleanCode(text);
}

/** Creditors compared as people type them: case, accents and spacing do not matter. */
export function sameCreditor(a: string, b: string): boolean {
  return creditorKey(a) === creditorKey(b);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** This machine's calendar day, YYYY-MM-DD: an entry "until" a day applies all of that local day. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
