// A campaign's schedule warnings (holidays, Sundays, contact hours) as the CLI prints them: one line
// each, its code first, so a script can pick it out; `--json` carries them as data instead.
import type { CampaignScheduleWarning } from '../domain/contact-calendar';

const DAY_NAMES = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' } as const;

export function describeScheduleWarning(warning: CampaignScheduleWarning): string {
  switch (warning.code) {
    case 'campaign.start_on_holiday':
      return `it starts on ${warning.params.date}, a national holiday (${warning.params.name})`;
    case 'campaign.start_on_non_working_day':
      return `it starts on ${warning.params.date}, a non-working day (${warning.params.name})`;
    case 'campaign.start_on_sunday':
      return `it starts on ${warning.params.date}, a Sunday`;
    case 'campaign.start_outside_contact_days':
      return `it starts on ${warning.params.date}, a ${DAY_NAMES[warning.params.day]}, not a contact day (${warning.params.days.map((d) => DAY_NAMES[d]).join(', ')})`;
    case 'campaign.outside_contact_hours':
      return `its call window ${warning.params.callFrom || "(the service's)"}–${warning.params.callTo || "(the service's)"} goes outside the contact hours ${warning.params.from}–${warning.params.to}`;
  }
}

export function printScheduleWarnings(warnings: readonly CampaignScheduleWarning[], out: NodeJS.WritableStream = process.stdout): void {
  for (const warning of warnings)
    out.write(`Warning [${warning.code}]: ${describeScheduleWarning(warning)}. Check it with your organization's contact rules.\n`);
}
