// How the results screens write what the service sends: its state names in the agent's language, and
// dates, times and numbers as Argentina writes them ("10/12/2026 09:32", "1.234", "60 %").
import { formatPercent } from '../campaigns/format';
import { readServiceState } from '../../../../src-main/domain/service-words';

/** The Intl tag of the app's language: Spanish is Argentina's, English the day-first British one. */
export const intlTag = (locale: string): string => (locale === 'en' ? 'en-GB' : 'es-AR');

/** "10/12/2026 09:32": day first and a 24-hour clock (es-AR alone may read "09:32 a. m."). */
export function formatWhen(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  const tag = intlTag(locale);
  const day = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(when);
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(when);
  return `${day} ${time}`;
}

export { formatCount } from '../campaigns/format';

/** A share of a total as "60 %"; "—" when there is no total. */
export const formatShare = (n: number, total: number, locale: string): string => formatPercent(total > 0 ? (n * 100) / total : null, intlTag(locale));

/**
 * A state or result the service sends, in the agent's language: a known code by its text, an unknown
 * code as "another state" (the code itself stays in the tooltip), and the service's own words as they are.
 */
export function stateText(raw: string | null | undefined, t: (key: string) => string): string {
  const state = readServiceState(raw);
  if (state.kind === 'empty') return '—';
  if (state.kind === 'words') return state.text;
  return state.kind === 'known' ? t(`results.state.${raw?.trim()}`) : t('results.state.other');
}

/** A state's tooltip: the service's code itself only when it is one this version does not know (to report it). */
export function stateTitle(raw: string | null | undefined): string | undefined {
  const state = readServiceState(raw);
  return state.kind === 'other' ? state.code : undefined;
}
