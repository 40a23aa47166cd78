import { z } from 'zod';

/**
 * Clients follow these links and never build them. Absolute per the spec; a relative one is
 * tolerated (resolved against the page it came from).
 */
const PageLink = z.string().min(1).nullable();

/** Cursor style (campaign list). */
export function cursorPage<T extends z.ZodType>(item: T) {
  return z.looseObject({
    next: PageLink,
    previous: PageLink,
    results: z.array(item),
  });
}

/** Offset style (cases, calls, inbound cases). */
export function offsetPage<T extends z.ZodType>(item: T) {
  return z.looseObject({
    count: z.number().int().nonnegative(),
    next: PageLink,
    previous: PageLink,
    results: z.array(item),
  });
}
