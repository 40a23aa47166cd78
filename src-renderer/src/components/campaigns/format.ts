// Small, pure formatting helpers shared by the campaign and results screens.

/** Calendar date of a timestamp (or of a YYYY-MM-DD), in the agent's language; the text as is when it is not a date. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const when = dateOnly ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(when);
}

/**
 * Date and time of a timestamp, in the agent's language and time zone, on a 24-hour clock
 * ("28/11/2026 17:57": es-AR alone writes "5:57 p. m."); the text as is when it is not one.
 */
export function formatDateTime(value: string | null | undefined, locale: string, options: { seconds?: boolean } = {}): string {
  if (!value) return '—';
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  const tag = locale === 'en' ? 'en-GB' : locale === 'es' ? 'es-AR' : locale;
  return new Intl.DateTimeFormat(tag, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  })
    .format(when)
    .replace(',', '');
}

/** A percentage (0–100) with at most one decimal. */
export function formatPercent(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} %`;
}

export function formatNumber(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: 'always' }).format(value);
}

/** A count as the agent writes it: 899.716 in Spanish, 899,716 in English (the screens' one way). */
export const formatCount = (n: number, locale: string): string => formatNumber(n, locale === 'en' ? 'en-GB' : 'es-AR');

/**
 * Pesos as Argentines write them: "$ 9.870,00" ("$9,870.00" in English). Grouped from the thousands:
 * es-AR's own rule leaves four digits ungrouped ("9870,00"), which reads as a typo on a statement.
 */
export function formatPesos(amount: number | string | null | undefined, locale: string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || amount === '' || !Number.isFinite(value)) return '—';
  const tag = locale === 'en' ? 'en-US' : locale === 'es' ? 'es-AR' : locale;
  const text = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(value);
  return tag.startsWith('en') ? `$${text}` : `$ ${text}`;
}

/** YYYY-MM-DD of a local calendar day (what the create request takes). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Newest first: by creation time, then by id. */
export function newestFirst<T extends { id: number; createdAt: string }>(a: T, b: T): number {
  const byTime = (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0);
  return byTime !== 0 ? byTime : b.id - a.id;
}

/** The state names the spec gives; any other string is shown as the service sends it. */
export const KNOWN_STATES = ['PAUSED', 'SCHEDULED', 'ONGOING', 'CLOSED'] as const;
export const isKnownState = (status: string): status is (typeof KNOWN_STATES)[number] => (KNOWN_STATES as readonly string[]).includes(status);

export function statusSeverity(status: string): 'success' | 'info' | 'warn' | 'secondary' | 'contrast' {
  switch (status) {
    case 'ONGOING':
      return 'success';
    case 'SCHEDULED':
      return 'info';
    case 'PAUSED':
      return 'warn';
    case 'CLOSED':
      return 'secondary';
    default:
      return 'contrast';
  }
}

/** "9:00", "900", "9.00", "9h00" → "09:00"; anything else unchanged (the form then says what is wrong). */
export function normalizeTime(value: string): string {
  const m = /^(\d{1,2})\s*[:.hH]?\s*(\d{2})$/.exec(value.trim());
  if (!m) return value.trim();
  return `${(m[1] ?? '').padStart(2, '0')}:${m[2] ?? ''}`;
}
