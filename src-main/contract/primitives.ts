// Shapes shared by several resources of the service. Pure: imports nothing but zod.
import { z } from 'zod';

/** Calendar date as the service writes it: YYYY-MM-DD. */
export const IsoDate = z.iso.date();

/** Time of day with seconds, as the service answers it (HH:MM:SS). */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'expected HH:MM:SS');

/** Time of day without seconds, as the create-campaign request takes it (HH:MM). */
export const TimeOfDayShort = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/** UTC timestamp in ISO 8601. Offsets are tolerated: a real server may send +00:00 instead of Z. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/**
 * Free-form JSON object (params, extra_metadata), passed on as it came: a zod record would drop a
 * "__proto__" key, which in params is a creditor's data.
 */
// `params.expected` says, as data, what a failing value should have been (see upload-rules' shapeViolation).
export const JsonObject = z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
  error: 'expected a JSON object',
  params: { expected: 'object' },
});
export type JsonObject = z.infer<typeof JsonObject>;
