// A list that never ends is stopped: a service answering every page with a new `next` once grew
// `campaigns list` to 1.87 GB. Each list is bounded in pages, items and bytes, and a `next` back to a
// page already read is refused.
import { describe, expect, it } from 'vitest';
import { collect, createServiceClient, hasReason, serviceFailure, type ServiceClient, type ServiceError } from '../../src-main/client';
import { DEFAULT_LIST_LIMITS, type ListLimits } from '../../src-main/client/pagination';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { fixedTokens, sendJson, useLocalServer } from './helpers';

const server = useLocalServer();
const client = (listLimits: Partial<ListLimits>): ServiceClient =>
  createServiceClient({ baseUrl: server.url, session: fixedTokens, timeoutMs: 2_000, listLimits });
const CALLS = '/api/v2/campaigns/1/cases/2/calls/';
// So that a client without bounds fails an assertion rather than the test's timeout.
const SAFETY_NET = 2_000;
const pageLink = (n: number, fragment = '') => `${server.url}${CALLS}?page=${n}${fragment}`;

/** A call as the spec shows one; `padding` makes it as big as a test needs. */
const aCall = (id: number, padding: string) => ({
  id,
  case_result: 1,
  result: 'NO_ANSWER',
  gateway_id: 1,
  gateway_status: 'no-answer',
  duration: '0',
  data: { transcription: [], responses: [], result_id: 1, got_promise: false, commitment: '', padding },
  extra_metadata: {},
  update_url: '',
  result_url: '',
  is_final: false,
  recording: '',
  phone: '3514000000',
  last_updated: '2026-01-05T10:00:00-03:00',
});

/**
 * Answers page n with `perPage` calls (each padded by `padding` bytes) and the link `nextOf(n)`:
 * by default a new page, forever (up to the safety net). Counts the pages asked for.
 */
function serveList(perPage: number, padding = 0, nextOf = (n: number): string | null => (n < SAFETY_NET ? pageLink(n + 1) : null)): { asked: number } {
  const counter = { asked: 0 };
  server.handle = (req, res, origin) => {
    counter.asked += 1;
    const n = Number(new URL(req.url ?? '/', origin).searchParams.get('page') ?? '1');
    const results = Array.from({ length: perPage }, (_, i) => aCall(n * perPage + i, 'x'.repeat(padding)));
    sendJson(res, 200, { count: 1_000_000, next: nextOf(n), previous: null, results });
  };
  return counter;
}

/** What a list yielded before it failed, and its failure (null: it ended). */
async function readUntilFailure(source: AsyncIterable<unknown>): Promise<{ error: unknown; yielded: number }> {
  let yielded = 0;
  try {
    for await (const _ of source) yielded += 1;
  } catch (error) {
    return { error, yielded };
  }
  return { error: null, yielded };
}

describe('lists are bounded', () => {
  it('stops after the most pages, asking for no more, as service.list_unending in both languages', async () => {
    const list = serveList(0);
    const { error } = await readUntilFailure(client({ pages: 50 }).caseCallPages(1, 2));
    expect(error).toMatchObject({ kind: 'contract', reason: 'unending-list', params: { limit: 'pages', pages: 50, maxPages: 50 } });
    expect(list.asked).toBe(50);
    const failure = serviceFailure(error as ServiceError);
    expect(failure).toMatchObject({ code: 'service.list_unending', params: { request: `GET ${CALLS}`, pages: 50, items: 0, maxPages: 50 } });
    for (const lang of ['es', 'en'] as const) expect(formatFailure(lang, failure.code, failure.params)).not.toMatch(/[{}]/);
  });

  it('stops once the items pass the most, before handing over the page that passed it', async () => {
    serveList(10);
    const { error, yielded } = await readUntilFailure(client({ items: 95 }).caseCalls(1, 2));
    expect(error).toMatchObject({ reason: 'unending-list', params: { limit: 'items', items: 100, maxItems: 95 } });
    expect(yielded).toBe(90);
  });

  it('stops once the bytes read pass the most', async () => {
    serveList(4, 1_000);
    const { error } = await readUntilFailure(client({ bytes: 64 * 1024 }).caseCalls(1, 2));
    expect(error).toMatchObject({ reason: 'unending-list', params: { limit: 'bytes', maxBytes: 64 * 1024 } });
    const { bytes } = hasReason(error, 'unending-list') ? error.params : { bytes: 0 };
    // One page (about 4 KB) past the bound, no more.
    expect(bytes).toBeGreaterThan(64 * 1024);
    expect(bytes).toBeLessThan(64 * 1024 + 8 * 1024);
  });

  it('stops once the objects read pass the most, however few bytes they take (3 bytes of text, about 36 of memory each)', async () => {
    // Each call carries 1,000 empty objects: 5 KB of text for about 36 KB of memory. Without this bound,
    // a list of them within 512 MB of text grew past 3.4 GB.
    const empties = Array.from({ length: 1_000 }, () => ({}));
    server.handle = (req, res, origin) => {
      const n = Number(new URL(req.url ?? '/', origin).searchParams.get('page') ?? '1');
      sendJson(res, 200, {
        count: 1,
        next: n < SAFETY_NET ? pageLink(n + 1) : null,
        previous: null,
        results: [{ ...aCall(n, ''), extra_metadata: { x: empties } }],
      });
    };
    const { error, yielded } = await readUntilFailure(client({ values: 10_000 }).caseCalls(1, 2));
    expect(error).toMatchObject({ reason: 'unending-list', params: { limit: 'values', maxValues: 10_000 } });
    expect(yielded).toBeLessThanOrEqual(10);
    const failure = serviceFailure(error as ServiceError);
    expect(failure).toMatchObject({ code: 'service.list_unending', params: { maxValues: 10_000 } });
    for (const lang of ['es', 'en'] as const) expect(formatFailure(lang, failure.code, failure.params)).not.toMatch(/[{}]/);
  });

  it('bounds the objects of a list by default, at most what fits well within 1 GB of memory', () => {
    expect(DEFAULT_LIST_LIMITS.values).toBeLessThanOrEqual(25_000_000);
  });

  it('a list that ends within the bounds is read whole', async () => {
    serveList(3, 0, (n) => (n < 5 ? pageLink(n + 1) : null));
    expect(await collect(client({ pages: 5, items: 15 }).caseCalls(1, 2))).toHaveLength(15);
  });

  it('refuses a next link that repeats one already followed, even with a fragment added', async () => {
    // A fragment is never sent: page 2 with one is page 2 again.
    const list = serveList(1, 0, (n) => (n === 3 ? pageLink(2, '#again') : pageLink(n + 1)));
    const { error } = await readUntilFailure(client({}).caseCalls(1, 2));
    expect(error).toMatchObject({ kind: 'contract', reason: 'next-link', params: { problem: 'loop' } });
    expect(list.asked).toBe(3);
  });
});
