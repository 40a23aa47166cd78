// Dates as the lifecycle's lines say them.

/** A date as the agent reads it (no time: retention works in days). */
export function formatDay(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale === 'en' ? 'en-GB' : 'es-AR', { dateStyle: 'medium' });
}
