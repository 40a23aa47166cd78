// A size in the agent's language: "47 bytes", "1 byte", then KB, MB and GB (1024 each) with one
// decimal, in Argentine numbers in Spanish ("1,5 MB") and US ones in English ("1.5 MB").
const UNITS = ['KB', 'MB', 'GB'] as const;

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const tag = locale === 'en' ? 'en-US' : 'es-AR';
  const key = `${tag}:${decimals}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(tag, { maximumFractionDigits: decimals })));
  return format;
}

export function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024) return `${numberFormat(locale, 0).format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${numberFormat(locale, 1).format(value)} ${UNITS[unit]}`;
}
