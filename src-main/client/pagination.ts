// Lists of the service, cursor or offset style: follow `next` verbatim, never build it (SPEC-GAPS rows 10–12).
import type { z } from 'zod';
import { contractFailure } from './answer-failures';
import { ServiceError, type RequestContext } from './errors';
import { expectOk } from './http';
import type { Requester } from './requester';

interface AnyPage {
  next: string | null;
  results: unknown[];
}

/** How far one list is read before it counts as never ending. */
export interface ListLimits {
  pages: number;
  items: number;
  /** The pages' bodies added up (as decoded text, in UTF-8 bytes). */
  bytes: number;
  /**
   * The JSON objects and arrays in them (every `{` and `[`, those inside strings too): `{}` is 3 bytes
   * of text but about 36 of memory: within the bytes bound alone, a list of them grew the heap past 3.4 GB.
   */
  values: number;
}

const MIB = 1024 * 1024;
/**
 * Far above any real list (a campaign of a million cases is 50,000 pages of 20, about 350 MB), and
 * below what a process can hold: a list collected whole takes several times its bytes in memory.
 */
export const DEFAULT_LIST_LIMITS: Readonly<ListLimits> = { pages: 100_000, items: 2_000_000, bytes: 512 * MIB, values: 20_000_000 };

export function listLimits(given: Partial<ListLimits> = {}): ListLimits {
  const limits = { ...DEFAULT_LIST_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`list limit "${name}" must be a positive whole number`);
  }
  return limits;
}

/** What a list has read so far, counted as its limits are. */
type ReadSoFar = ListLimits;

function unendingList(ctx: RequestContext, limit: keyof ListLimits, limits: ListLimits, read: ReadSoFar): ServiceError {
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    ambiguous: false,
    failure: {
      reason: 'unending-list',
      params: { limit, ...read, maxPages: limits.pages, maxItems: limits.items, maxBytes: limits.bytes, maxValues: limits.values },
    },
    message: `the list did not end: stopped after ${read.pages} pages, ${read.items} items, ${read.values} objects and ${read.bytes} bytes (more ${limit} than the ${limits[limit]} accepted)`,
  });
}

/** The bound on what was read that a list has passed, if any (pages are bounded before asking for one more). */
function passedBound(limits: ListLimits, read: ReadSoFar): 'items' | 'bytes' | 'values' | null {
  if (read.items > limits.items) return 'items';
  if (read.bytes > limits.bytes) return 'bytes';
  if (read.values > limits.values) return 'values';
  return null;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** How many objects and arrays a JSON text opens at most (a `{` or `[` in a string counts too: never fewer). */
function valuesIn(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) n += 1;
  }
  return n;
}

/**
 * Every page from `firstUrl` on, whatever the page size (short or empty pages included).
 * Refuses a `next` on another origin than the service (tokens must not travel elsewhere) and a
 * `next` seen before (a loop), both as ServiceError kind 'contract', and stops a list that goes on
 * past `limits` (reason 'unending-list') before it yields the page that passed them.
 */
export async function* pages<S extends z.ZodType<AnyPage>>(
  requester: Requester,
  firstUrl: string,
  schema: S,
  limits: ListLimits = DEFAULT_LIST_LIMITS,
): AsyncGenerator<z.output<S>, void, undefined> {
  const origin = new URL(requester.baseUrl).origin;
  const seen = new Set<string>();
  const read: ReadSoFar = { pages: 0, items: 0, bytes: 0, values: 0 };
  let url: string | null = firstUrl;
  while (url !== null) {
    seen.add(withoutFragment(new URL(url)));
    const got = await requester.answer('GET', url);
    const page: z.output<S> = expectOk(got.answer, schema, got.ctx, got.secrets);
    read.pages += 1;
    read.items += page.results.length;
    read.bytes += Buffer.byteLength(got.answer.text, 'utf8');
    read.values += valuesIn(got.answer.text);
    const next: string | null = page.next;
    const passed = passedBound(limits, read);
    if (passed) throw unendingList(got.ctx, passed, limits, read);
    yield page;
    if (next === null) return;
    const { ctx } = got;
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
    // A fragment is never sent: a link that differs from a page read only by one is that page again.
    if (seen.has(withoutFragment(resolved))) {
      throw contractFailure(ctx, [{ path: 'next', message: 'a page already read' }], 'the list loops back on itself', {
        reason: 'next-link',
        params: { problem: 'loop', host: resolved.host },
      });
    }
    if (read.pages >= limits.pages) throw unendingList(ctx, 'pages', limits, read);
    url = resolved.href;
  }
}

function withoutFragment(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  return copy.href;
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
