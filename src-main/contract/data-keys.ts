import { z } from 'zod';

// Objects keyed by data (product codes, params and product_info names, column headers): a key such
// as "__proto__" is a creditor's value like any other. Plain assignment to "__proto__" changes the
// object's prototype instead of adding the key, and a plain read of "constructor" finds
// Object.prototype's; these two helpers, and dataRecord, treat every key as an own property.

/** obj[key] = value, as an own enumerable property even when key is "__proto__". */
export function setDataKey<T>(obj: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** obj[key] when obj itself has it; never an inherited member such as "constructor". */
export function getDataKey<T>(obj: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/**
 * A JSON object with keys from data, each value checked by `value`. zod's record drops a
 * "__proto__" key; this keeps every own key.
 */
export function dataRecord<T extends z.ZodType>(value: T) {
  return (
    z
      // The problems as data (params, and each value's own issue passed on whole), not as words.
      .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { params: { problem: 'type', expected: 'object' } })
      .transform((obj, ctx) => {
        const out: Record<string, z.output<T>> = {};
        for (const [key, raw] of Object.entries(obj)) {
          const parsed = value.safeParse(raw);
          if (parsed.success) setDataKey(out, key, parsed.data);
          else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] });
        }
        return out;
      })
  );
}
