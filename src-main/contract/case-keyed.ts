import { z } from 'zod';

/**
 * A JSON object whose keys are case codes, read as a list of [code, value] entries.
 * Case codes are arbitrary client strings, so "__proto__" and "constructor" are ordinary codes;
 * zod's record (and any plain-object copy) would drop or misread them, entries never do.
 */
export function caseKeyed<T extends z.ZodType>(value: T) {
  return z
    .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'expected an object keyed by case code')
    .transform((obj, ctx) => {
      const entries: [string, z.output<T>][] = [];
      for (const [code, raw] of Object.entries(obj)) {
        const parsed = value.safeParse(raw);
        if (parsed.success) entries.push([code, parsed.data]);
        else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [code, ...issue.path] });
      }
      return entries;
    });
}

/**
 * Serialises [code, value] entries as one JSON object without losing any code.
 * A null-prototype object has no `__proto__` setter, so that key becomes an own property.
 */
export function caseKeyedJson(entries: Iterable<readonly [string, unknown]>): string {
  const obj = Object.create(null) as Record<string, unknown>;
  for (const [code, value] of entries) obj[code] = value;
  return JSON.stringify(obj);
}
