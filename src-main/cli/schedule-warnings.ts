// A campaign's schedule warnings (holidays, Sundays, contact hours) as the CLI prints them: one stderr
// line each, `casedesk: warning CODE: …` in the run's --lang, the code first so a script can pick it
// out; `--json` carries them as data instead.
import type { CampaignScheduleWarning, Weekday } from '../domain/contact-calendar';
import type { FailureLang, FailureParamValue } from '../domain/failures/failure';
import { noteLine } from './cli-globals';

const DAY_NAMES: Record<FailureLang, Record<Weekday, string>> = {
  en: { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' },
  es: { mon: 'lunes', tue: 'martes', wed: 'miércoles', thu: 'jueves', fri: 'viernes', sat: 'sábado', sun: 'domingo' },
};

/** A call window's end not given: the service picks it. */
const SERVICE_DEFAULT: Record<FailureLang, string> = { en: "(the service's)", es: '(el del servicio)' };

/** The params the catalog's words take, in `lang`: the holiday's name and the days in that language. */
function wordsParams(warning: CampaignScheduleWarning, lang: FailureLang): Record<string, FailureParamValue> {
  switch (warning.code) {
    case 'campaign.start_on_holiday':
    case 'campaign.start_on_non_working_day':
      return { date: warning.params.date, name: lang === 'en' ? warning.params.nameEn : warning.params.name };
    case 'campaign.start_on_sunday':
      return { date: warning.params.date };
    case 'campaign.start_outside_contact_days':
      return {
        date: warning.params.date,
        day: DAY_NAMES[lang][warning.params.day],
        days: warning.params.days.map((d) => DAY_NAMES[lang][d]).join(', '),
      };
    case 'campaign.outside_contact_hours':
      return {
        callFrom: warning.params.callFrom || SERVICE_DEFAULT[lang],
        callTo: warning.params.callTo || SERVICE_DEFAULT[lang],
        from: warning.params.from,
        to: warning.params.to,
      };
  }
}

export function printScheduleWarnings(warnings: readonly CampaignScheduleWarning[], lang: FailureLang): void {
  for (const warning of warnings) process.stderr.write(noteLine('warning', { code: warning.code, params: wordsParams(warning, lang) }, lang));
}
