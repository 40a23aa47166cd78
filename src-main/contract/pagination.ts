import { z } from 'zod';

/** Clients follow these URLs verbatim and never build them. */
const PageLink = z.url().nullable();

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
