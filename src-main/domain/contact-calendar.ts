// When debtors may be called: the organization's contact hours, and the days a campaign should not
// start on (Argentine national holidays, non-working days, Sundays). A campaign breaking them is
// warned about, never refused: the hours are a setting of the organization, not legal advice.
// Pure: the holidays come in as a lookup (see argentine-holidays.ts), so tests and callers decide.
import { z } from 'zod';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** HH:MM, 00:00 to 23:59 (zod's own time format, so a wrong one is said as a time: input-problem.ts). */
const HourMinute = z.iso.time({ precision: -1 });

/** Hours debtors may be called, on the days listed: the setting, and the policy's `contact_hours`. */
export const ContactHours = z
  .strictObject({
    from: HourMinute,
    to: HourMinute,
    days: z.array(z.enum(WEEKDAYS)).min(1).max(7),
  })
  // Their problems as data (input-problem.ts), worded at the edges.
  .refine((hours) => hours.to > hours.from, { params: { problem: 'order', after: 'from' }, path: ['to'] })
  .refine((hours) => new Set(hours.days).size === hours.days.length, { params: { problem: 'repeated' }, path: ['days'] });
export type ContactHours = z.infer<typeof ContactHours>;

/** Working days are Monday to Friday: the usual reading of "días hábiles" for calling debtors. */
export const DEFAULT_CONTACT_HOURS: ContactHours = { from: '08:00', to: '20:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] };

/** A day the country does not work: a national holiday (feriado), or a non-working day (bridge days, Holy Thursday). */
export interface CalendarHoliday {
  kind: 'holiday' | 'non-working-day';
  /** The official (Spanish) name, and the English one. */
  name: string;
  nameEn: string;
}
/** The holidays of a date of the service's calendar (YYYY-MM-DD). */
export type HolidayLookup = (date: string) => CalendarHoliday[];

/** What a campaign's start and call window are checked on: the create request's fields or a campaign's params. */
export interface CampaignSchedule {
  /** YYYY-MM-DD, the service's calendar; absent: the service starts it today. */
  startDate?: string | undefined;
  /** HH:MM or HH:MM:SS, the service's time (UTC−03:00). */
  callFrom?: string | undefined;
  callTo?: string | undefined;
}

/** A reason to look again before a campaign starts calling; `code` is what callers decide on. */
export type CampaignScheduleWarning =
  | { code: 'campaign.start_on_holiday'; params: { date: string; name: string; nameEn: string } }
  | { code: 'campaign.start_on_non_working_day'; params: { date: string; name: string; nameEn: string } }
  | { code: 'campaign.start_on_sunday'; params: { date: string } }
  | { code: 'campaign.start_outside_contact_days'; params: { date: string; day: Weekday; days: Weekday[] } }
  | { code: 'campaign.outside_contact_hours'; params: { callFrom: string; callTo: string; from: string; to: string } };
export type CampaignScheduleWarningCode = CampaignScheduleWarning['code'];

/** The service's calendar: Argentina, UTC−03:00 all year (SPEC-GAPS 30). */
const SERVICE_OFFSET_MS = -3 * 60 * 60 * 1000;

/** Today's date on the service's calendar. */
export function serviceToday(now: Date): string {
  return new Date(now.getTime() + SERVICE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The weekday of a YYYY-MM-DD date (a calendar date: no time zone involved). */
export function weekdayOf(date: string): Weekday {
  const index = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(index + 6) % 7] as Weekday;
}

/** HH:MM or HH:MM:SS as HH:MM:SS, so windows compare to the second. */
const seconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

/**
 * Why a campaign starting on `schedule` deserves a second look. The start day is the campaign's start
 * date, or `today` when it has none or it has passed (a campaign started now calls from today on).
 * The call window is compared with the contact hours to the second: a window ending exactly at the
 * contact hours' end is inside them. An end not given (params: '') is the service's to pick.
 */
export function campaignScheduleWarnings(
  schedule: CampaignSchedule,
  contactHours: ContactHours,
  holidaysOn: HolidayLookup,
  today: string,
): CampaignScheduleWarning[] {
  const warnings: CampaignScheduleWarning[] = [];
  const date = schedule.startDate !== undefined && schedule.startDate > today ? schedule.startDate : today;
  for (const holiday of holidaysOn(date)) {
    const code = holiday.kind === 'holiday' ? 'campaign.start_on_holiday' : 'campaign.start_on_non_working_day';
    warnings.push({ code, params: { date, name: holiday.name, nameEn: holiday.nameEn } });
  }
  const day = weekdayOf(date);
  // A Sunday is said once, by its own code, even when Sundays are also outside the contact days.
  if (day === 'sun') warnings.push({ code: 'campaign.start_on_sunday', params: { date } });
  else if (!contactHours.days.includes(day))
    warnings.push({ code: 'campaign.start_outside_contact_days', params: { date, day, days: [...contactHours.days] } });
  // Each end given is checked on its own (the CLI may give one; the service then picks the other).
  const { callFrom, callTo } = schedule;
  // A start at or past the closing hour (or an end at or before the opening one) is outside
  // whatever the other end is.
  const early =
    (callFrom !== undefined && seconds(callFrom) < seconds(contactHours.from)) || (callTo !== undefined && seconds(callTo) <= seconds(contactHours.from));
  const late =
    (callTo !== undefined && seconds(callTo) > seconds(contactHours.to)) || (callFrom !== undefined && seconds(callFrom) >= seconds(contactHours.to));
  if (early || late) {
    warnings.push({
      code: 'campaign.outside_contact_hours',
      params: { callFrom: callFrom?.slice(0, 5) ?? '', callTo: callTo?.slice(0, 5) ?? '', from: contactHours.from, to: contactHours.to },
    });
  }
  return warnings;
}

/** The next calendar day of a YYYY-MM-DD date. */
const dayAfter = (date: string): string => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The first day a campaign created now may call, on the service's calendar: a contact day that is no
 * holiday nor non-working day; today only while its contact hours have not ended. What a new
 * campaign's start date is set to, so the form starts with no warning to read.
 */
export function nextContactDay(contactHours: ContactHours, holidaysOn: HolidayLookup, now: Date): string {
  const today = serviceToday(now);
  const time = new Date(now.getTime() + SERVICE_OFFSET_MS).toISOString().slice(11, 16);
  let date = time < contactHours.to ? today : dayAfter(today);
  // A year always holds a contact day (days has at least one); the bound only guards a broken lookup.
  for (let i = 0; i < 370; i++, date = dayAfter(date)) {
    if (contactHours.days.includes(weekdayOf(date)) && holidaysOn(date).length === 0) return date;
  }
  return today;
}
