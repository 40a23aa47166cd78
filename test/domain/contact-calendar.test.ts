import { describe, expect, it } from 'vitest';
import { argentineHolidays } from '../../src-main/domain/argentine-holidays';
import {
  campaignScheduleWarnings,
  ContactHours,
  DEFAULT_CONTACT_HOURS,
  nextContactDay,
  serviceToday,
  weekdayOf,
  type CampaignSchedule,
  type CampaignScheduleWarningCode,
  type HolidayLookup,
} from '../../src-main/domain/contact-calendar';

// The real library: the tests say what it answers for the dates agents will meet.
const holidays: HolidayLookup = await argentineHolidays();
const TODAY = '2026-01-05';
const codes = (schedule: CampaignSchedule, hours = DEFAULT_CONTACT_HOURS, today = TODAY): CampaignScheduleWarningCode[] =>
  campaignScheduleWarnings(schedule, hours, holidays, today).map((w) => w.code);

describe('Argentine holidays (date-holidays)', () => {
  it.each([
    ['2026-05-25', 'holiday', 'Día de la Revolución de Mayo', 'Day of the May Revolution'],
    ['2026-12-25', 'holiday', 'Navidad', 'Christmas Day'],
    ['2027-02-08', 'holiday', 'Carnaval', 'Shrove Monday'],
    ['2027-02-09', 'holiday', 'Carnaval', 'Shrove Tuesday'],
    // Movable: 17 August 2026 is a Monday; in 2027 the decree moves it to Monday 16.
    ['2027-08-16', 'holiday', 'Paso a la Inmortalidad del General José de San Martín', expect.any(String)],
    // A bridge day ("día no laborable con fines turísticos").
    ['2026-07-10', 'non-working-day', 'Día no laborable con fines turísticos', expect.any(String)],
  ])('%s is a %s: %s', (date, kind, name, nameEn) => {
    expect(holidays(date)).toContainEqual({ kind, name, nameEn });
  });

  it('an ordinary day, the half-holidays of 24 December and a malformed date have none', () => {
    expect(holidays('2026-05-26')).toEqual([]);
    expect(holidays('2026-12-24')).toEqual([]);
    expect(holidays('not-a-date')).toEqual([]);
  });

  it('2 April 2026 is both Malvinas day (holiday) and Holy Thursday (non-working day)', () => {
    expect(
      holidays('2026-04-02')
        .map((h) => h.kind)
        .sort(),
    ).toEqual(['holiday', 'non-working-day']);
  });
});

describe('campaignScheduleWarnings', () => {
  const window = { callFrom: '09:00', callTo: '19:00' };
  it.each<[string, CampaignSchedule, CampaignScheduleWarningCode[]]>([
    ['an ordinary Tuesday inside the hours', { startDate: '2026-05-26', ...window }, []],
    ['a national holiday (25 May)', { startDate: '2026-05-25', ...window }, ['campaign.start_on_holiday']],
    ['Carnival Monday 2027', { startDate: '2027-02-08', ...window }, ['campaign.start_on_holiday']],
    ['a bridge day', { startDate: '2026-07-10', ...window }, ['campaign.start_on_non_working_day']],
    ['a Sunday', { startDate: '2026-05-24', ...window }, ['campaign.start_on_sunday']],
    ['a Saturday, not a working day by default', { startDate: '2026-05-23', ...window }, ['campaign.start_outside_contact_days']],
    ['a window starting before 08:00', { startDate: '2026-05-26', callFrom: '07:30', callTo: '12:00' }, ['campaign.outside_contact_hours']],
    ['a window ending after 20:00', { startDate: '2026-05-26', callFrom: '09:00', callTo: '20:01' }, ['campaign.outside_contact_hours']],
    ['a window ending exactly at 20:00', { startDate: '2026-05-26', callFrom: '08:00', callTo: '20:00' }, []],
    ["the service's HH:MM:SS, exactly 08:00:00 to 20:00:00", { startDate: '2026-05-26', callFrom: '08:00:00', callTo: '20:00:00' }, []],
    ['one end given, the other left to the service', { startDate: '2026-05-26', callTo: '21:00' }, ['campaign.outside_contact_hours']],
    ['only a start, at or past the closing hour', { startDate: '2026-05-26', callFrom: '21:00' }, ['campaign.outside_contact_hours']],
    ['only an end, at or before the opening hour', { startDate: '2026-05-26', callTo: '07:00' }, ['campaign.outside_contact_hours']],
    ['only a start, within the hours', { startDate: '2026-05-26', callFrom: '10:00' }, []],
    ['no window given', { startDate: '2026-05-26' }, []],
    [
      'a Sunday with a window outside the hours',
      { startDate: '2026-03-01', callFrom: '07:00', callTo: '22:00' },
      ['campaign.start_on_sunday', 'campaign.outside_contact_hours'],
    ],
  ])('%s', (_what, schedule, expected) => {
    expect(codes(schedule)).toEqual(expected);
  });

  it('says which holiday, which day and which hours in its params', () => {
    expect(campaignScheduleWarnings({ startDate: '2026-12-25', callFrom: '07:00', callTo: '21:00' }, DEFAULT_CONTACT_HOURS, holidays, TODAY)).toEqual([
      { code: 'campaign.start_on_holiday', params: { date: '2026-12-25', name: 'Navidad', nameEn: 'Christmas Day' } },
      { code: 'campaign.outside_contact_hours', params: { callFrom: '07:00', callTo: '21:00', from: '08:00', to: '20:00' } },
    ]);
    expect(campaignScheduleWarnings({ startDate: '2026-05-23' }, DEFAULT_CONTACT_HOURS, holidays, TODAY)).toEqual([
      { code: 'campaign.start_outside_contact_days', params: { date: '2026-05-23', day: 'sat', days: ['mon', 'tue', 'wed', 'thu', 'fri'] } },
    ]);
  });

  it("follows the organization's contact hours and days", () => {
    const saturdays = { from: '09:00', to: '18:00', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] } satisfies ContactHours;
    expect(codes({ startDate: '2026-05-23', callFrom: '09:00', callTo: '18:00' }, saturdays)).toEqual([]);
    expect(codes({ startDate: '2026-05-26', callFrom: '08:30', callTo: '18:00' }, saturdays)).toEqual(['campaign.outside_contact_hours']);
    // Sundays are warned about even where the organization calls on them.
    expect(codes({ startDate: '2026-05-24' }, { ...saturdays, days: [...saturdays.days, 'sun'] })).toEqual(['campaign.start_on_sunday']);
  });

  it('checks today when the start date is absent or has passed (a campaign started now calls from today)', () => {
    expect(campaignScheduleWarnings({}, DEFAULT_CONTACT_HOURS, holidays, '2026-05-25')[0]).toEqual({
      code: 'campaign.start_on_holiday',
      params: { date: '2026-05-25', name: 'Día de la Revolución de Mayo', nameEn: 'Day of the May Revolution' },
    });
    expect(codes({ startDate: '2026-05-25' }, DEFAULT_CONTACT_HOURS, '2026-05-26')).toEqual([]);
  });
});

describe('the service calendar and contact hours', () => {
  it('today is the date in Argentina (UTC−03:00), not UTC', () => {
    expect(serviceToday(new Date('2026-05-26T02:30:00Z'))).toBe('2026-05-25');
    expect(serviceToday(new Date('2026-05-26T03:00:00Z'))).toBe('2026-05-26');
    expect(weekdayOf('2026-05-24')).toBe('sun');
    expect(weekdayOf('2026-05-25')).toBe('mon');
  });

  it('contact hours are checked: HH:MM, "to" after "from", at least one day, none twice', () => {
    expect(ContactHours.safeParse(DEFAULT_CONTACT_HOURS).success).toBe(true);
    expect(ContactHours.safeParse({ from: '8:00', to: '20:00', days: ['mon'] }).success).toBe(false);
    expect(ContactHours.safeParse({ from: '20:00', to: '08:00', days: ['mon'] }).error?.issues[0]?.path).toEqual(['to']);
    expect(ContactHours.safeParse({ from: '08:00', to: '20:00', days: [] }).success).toBe(false);
    expect(ContactHours.safeParse({ from: '08:00', to: '20:00', days: ['mon', 'mon'] }).error?.issues[0]?.path).toEqual(['days']);
    expect(ContactHours.safeParse({ from: '08:00', to: '20:00', days: ['lun'] }).success).toBe(false);
  });
});

describe('nextContactDay', () => {
  const weekdays: ContactHours = { from: '08:00', to: '20:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] };
  // 2026-12-24 is a Thursday; 25 is Christmas (Friday).
  it('is today while its contact hours last, else the next contact day that is no holiday', () => {
    expect(nextContactDay(weekdays, holidays, new Date('2026-12-24T12:00:00Z'))).toBe('2026-12-24');
    // 21:00 in Argentina: today's calling is over; Friday is Christmas, then a weekend.
    expect(nextContactDay(weekdays, holidays, new Date('2026-12-25T00:00:00Z'))).toBe('2026-12-28');
    expect(nextContactDay({ ...weekdays, days: ['sat'] }, holidays, new Date('2026-12-24T12:00:00Z'))).toBe('2026-12-26');
  });
});
