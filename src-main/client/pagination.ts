// Lists of the service, cursor or offset style: follow `next` verbatim, never build it (SPEC-GAPS rows 10–12).
import type { z } from 'zod';
import { contractFailure } from './answer-failures';
import { requestContext } from './errors';
import type { Requester } from './requester';

interface AnyPage {
  next: string | null;
  results: unknown[];
}

/**
 * Every page from `firstUrl` on, whatever the page size (short or empty pages included).
 * Refuses a `next` on another origin than the service (tokens must not travel elsewhere) and a
 * `next` seen before (a loop), both as ServiceError kind 'contract'.
 */
export async function* pages<S extends z.ZodType<AnyPage>>(requester: Requester, firstUrl: string, schema: S): AsyncGenerator<z.output<S>, void, undefined> {
  const origin = new URL(requester.baseUrl).origin;
  const seen = new Set<string>();
  let url: string | null = firstUrl;
  while (url !== null) {
    seen.add(url);
    const page: z.output<S> = await requester.json('GET', url, schema);
    yield page;
    const next: string | null = page.next;
    if (next === null) return;
    const ctx = requestContext('GET', url);
    let resolved: URL;
    try {
      // A relative link (not what the spec shows, but tolerated) is read against the page it came from.
      resolved = new URL(next, url);
    } catch {
      throw contractFailure(ctx, [{ path: 'next', message: 'not a URL' }], 'the next-page link is unusable', {
        reason: 'next-link',
        params: { problem: 'not-a-url', host: null },
      });
    }
    if (resolved.origin !== origin) {
      throw contractFailure(
        ctx,
        [{ path: 'next', message: `points to ${resolved.origin}, not to the service` }],
        'refused to follow a next-page link to another origin',
        {
          reason: 'next-link',
          params: { problem: 'other-origin', host: resolved.host },
        },
      );
    }
    if (seen.has(resolved.href)) {
      throw contractFailure(ctx, [{ path: 'next', message: 'a page already read' }], 'the list loops back on itself', {
        reason: 'next-link',
        params: { problem: 'loop', host: resolved.host },
      });
    }
    url = resolved.href;
  }
}

/** The items of every page, in order. */
export async function* items<T>(source: AsyncIterable<{ results: T[] }>): AsyncGenerator<T, void, undefined> {
  for await (const page of source) yield* page.results;
}

/** Collects an async iterable into an array (small lists, tests). */
export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}
