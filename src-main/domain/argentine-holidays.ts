// Argentina's national holidays and non-working days, from date-holidays (kept up to date by its
// maintainers: movable holidays, Carnival and Easter, and the bridge days each year's decree adds).
// Loaded on first use only: its data for every country takes a few hundred ms to load, which a CLI
// command that never checks a campaign should not pay.
import type { CalendarHoliday, HolidayLookup } from './contact-calendar';

interface LibraryHoliday {
  /** "YYYY-MM-DD hh:mm:ss", Argentina's own clock. */
  date: string;
  name: string;
  type: string;
  rule?: string;
}
interface Library {
  getHolidays(year: number, lang?: string): LibraryHoliday[];
}

let loading: Promise<HolidayLookup> | null = null;

/** The lookup, loaded once per process. */
export function argentineHolidays(): Promise<HolidayLookup> {
  loading ??= import('date-holidays').then((mod) => {
    // The package is CommonJS under Node's require and ESM under bundlers: its class is the default either way.
    const Holidays = ((mod as { default?: unknown }).default ?? mod) as new (country: string) => Library;
    return holidayLookup(new Holidays('AR'));
  });
  return loading;
}

/**
 * Feriados ("public") are holidays. Bridge days and Holy Thursday ("optional" or "bank", whole days)
 * are non-working days. The afternoons of 24 and 31 December (from 12:00) are not whole days: not listed.
 */
export function holidayLookup(library: Library): HolidayLookup {
  const years = new Map<number, Map<string, CalendarHoliday[]>>();
  const ofYear = (year: number) => {
    let byDate = years.get(year);
    if (byDate) return byDate;
    byDate = new Map();
    const english = library.getHolidays(year, 'en');
    for (const [index, holiday] of library.getHolidays(year, 'es').entries()) {
      const kind =
        holiday.type === 'public'
          ? 'holiday'
          : (holiday.type === 'optional' || holiday.type === 'bank') && holiday.date.endsWith(' 00:00:00')
            ? 'non-working-day'
            : null;
      if (kind === null) continue;
      // Both lists come from the same rules in the same order; the rule is checked all the same.
      const en = english[index];
      const nameEn = en !== undefined && en.date === holiday.date && en.rule === holiday.rule ? en.name : holiday.name;
      const date = holiday.date.slice(0, 10);
      byDate.set(date, [...(byDate.get(date) ?? []), { kind, name: holiday.name, nameEn }]);
    }
    years.set(year, byDate);
    return byDate;
  };
  return (date) => {
    const year = Number(date.slice(0, 4));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || year < 1970 || year > 2200) return [];
    return ofYear(year).get(date) ?? [];
  };
}
