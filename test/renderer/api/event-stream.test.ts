// The page reads the browser host's progress events with fetch and its token header: the text is
// split into events whatever the chunks, and a dropped stream is opened again, a refused one not.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventParser, openEventStream, type StreamEvent } from '../../../src-renderer/src/api/event-stream';

describe('createEventParser', () => {
  it('splits events, skips comments, and joins data lines', () => {
    const seen: StreamEvent[] = [];
    const parse = createEventParser((e) => seen.push(e));
    parse(': connected\n\nevent: upload:progress\ndata: {"sent":1}\n\n: ping\n\ndata: a\ndata: b\n\n');
    expect(seen).toEqual([
      { event: 'upload:progress', data: '{"sent":1}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('gives the same events whatever the chunking, CRLF included', () => {
    const text = 'event: download:progress\r\ndata: {"n":2}\r\n\r\nevent: upload:progress\ndata:{"n":3}\n\n';
    const whole: StreamEvent[] = [];
    createEventParser((e) => whole.push(e))(text);
    const bytewise: StreamEvent[] = [];
    const parse = createEventParser((e) => bytewise.push(e));
    for (const ch of text) parse(ch);
    expect(bytewise).toEqual(whole);
    expect(whole.map((e) => e.data)).toEqual(['{"n":2}', '{"n":3}']);
  });

  it('holds an event back until its blank line arrives', () => {
    const seen: StreamEvent[] = [];
    const parse = createEventParser((e) => seen.push(e));
    parse('event: upload:progress\ndata: {}\n');
    expect(seen).toEqual([]);
    parse('\n');
    expect(seen).toHaveLength(1);
  });
});

describe('openEventStream', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });

  async function serve(handle: (n: number, headers: Record<string, unknown>, res: ServerResponse) => void): Promise<string> {
    let n = 0;
    server = createServer((req, res) => handle(++n, req.headers, res));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`;
  }

  it('sends the header, delivers events, and opens the stream again after a drop', async () => {
    const tokens: unknown[] = [];
    const url = await serve((n, headers, res) => {
      tokens.push(headers['x-casedesk-token']);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`event: upload:progress\ndata: {"attempt":${n}}\n\n`); // ends: a drop
    });
    const seen: string[] = [];
    const done = new Promise<void>((resolve) => {
      const stream = openEventStream({
        url,
        headers: () => ({ 'x-casedesk-token': 'secret' }),
        retryDelays: [10],
        onEvent: (e) => {
          seen.push(e.data);
          if (seen.length === 3) {
            stream.close();
            resolve();
          }
        },
      });
    });
    await done;
    expect(seen).toEqual(['{"attempt":1}', '{"attempt":2}', '{"attempt":3}']);
    expect(tokens.slice(0, 3)).toEqual(['secret', 'secret', 'secret']);
  });

  it('stops asking once the host refuses the page', async () => {
    let asked = 0;
    const url = await serve((_n, _headers, res) => {
      asked += 1;
      res.writeHead(401).end();
    });
    const stream = openEventStream({ url, headers: () => ({}), retryDelays: [5], onEvent: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stream.close();
    expect(asked).toBe(1);
  });
});
