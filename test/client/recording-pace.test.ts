// A recording's download has an overall deadline besides the idle timeout (a server that trickles a
// byte just before each timeout is stopped), and its caller can stop it mid-body; neither leaves a
// file behind, sealed or not. Small sizes and a quick pace stand in for megabytes and minutes.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, DEFAULT_RECORDING_PACE, isCancelled, serviceFailure, ServiceError, type RecordingPace } from '../../src-main/client';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { fixedTokens, trickle, useLocalServer, within, type Trickle } from './helpers';

const WAV_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]);
const server = useLocalServer();
/** The idle timeout (2 s) is never reached by the trickles below: only the pace or a cancel stops them. */
const client = (pace: Partial<RecordingPace> = {}) => createServiceClient({ baseUrl: server.url, session: fixedTokens, timeoutMs: 2_000, recordingPace: pace });
const sealer = (audio: Buffer) => Buffer.concat([Buffer.from('SEALED'), audio]);

let root = '';
let dirCount = 0;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'casedesk-pace-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
const freshDir = () => join(root, `d${++dirCount}`);

/** Serves every request as a trickle, 1 byte every 40 ms of a declared 50,000; `current` is the latest. */
function trickling(declare = true): { current: Trickle | null } {
  const holder: { current: Trickle | null } = { current: null };
  server.handle = (_req, res) => {
    holder.current = trickle(res, { head: WAV_HEAD, total: 50_000, piece: Buffer.from([1]), everyMs: 40, declare });
  };
  return holder;
}

describe('a recording that trickles', () => {
  for (const [label, declare, seal] of [
    ['declared, plain', true, undefined],
    ['not declared, sealed', false, sealer],
  ] as const) {
    it(`fails as too slow once it falls under the pace's floor (${label}), leaving no file`, async () => {
      const served = trickling(declare);
      const dir = freshDir();
      const started = Date.now();
      // 1 KiB/s after 300 ms: the 12-byte head and a byte per 40 ms fall under it at about 0.3 s.
      const error = await within(
        3_000,
        'the trickled download',
        client({ minBytesPerSecond: 1024, graceMs: 300 })
          .downloadOutboundRecording(4, dir, { seal })
          .catch((e: unknown) => e),
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({
        kind: 'timeout',
        reason: 'too-slow',
        params: { minBytesPerSecond: 1024, graceMs: 300, expected: declare ? 50_000 : null },
      });
      const failure = serviceFailure(error as ServiceError);
      expect(failure).toMatchObject({ code: 'service.recording_too_slow', params: { request: 'GET /api/v2/outbound-call-recording/4/', rate: 1 } });
      expect(formatFailure('es', failure.code, failure.params)).toMatch(/demasiado lento/);
      await within(1_000, 'the server seeing the client hang up', served.current?.closed ?? Promise.resolve());
      expect(served.current?.sent).toBeLessThan(100);
      expect(await readdir(dir)).toEqual([]);
    });
  }

  it('keeps the idle timeout too: silence after the head is a timeout, not a stall', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': '50000' });
      res.write(WAV_HEAD);
    };
    const dir = freshDir();
    const quick = createServiceClient({ baseUrl: server.url, session: fixedTokens, timeoutMs: 300 });
    const error = await within(
      3_000,
      'the silent download',
      quick.downloadOutboundRecording(5, dir).catch((e: unknown) => e),
    );
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('cancelling a recording', () => {
  for (const seal of [undefined, sealer]) {
    it(`stops mid-body at once and leaves no file (${seal ? 'sealed' : 'plain'})`, async () => {
      const served = trickling();
      const dir = freshDir();
      const stop = new AbortController();
      // A pace that would take minutes to give up: only the cancel ends this one.
      const download = client({ minBytesPerSecond: 1, graceMs: 60_000 })
        .downloadOutboundRecording(6, dir, { seal, signal: stop.signal })
        .catch((e: unknown) => e);
      await within(
        2_000,
        'the first bytes',
        (async () => {
          while ((served.current?.sent ?? 0) < WAV_HEAD.length + 3) await new Promise((r) => setTimeout(r, 10));
        })(),
      );
      expect((await readdir(dir)).some((name) => name.endsWith('.part'))).toBe(true);
      const cancelledAt = Date.now();
      stop.abort();
      const error = await within(1_000, 'the cancelled download', download);
      expect(Date.now() - cancelledAt).toBeLessThan(500);
      expect(isCancelled(error)).toBe(true);
      expect(error).toMatchObject({ code: 'service.cancelled', params: { request: 'GET /api/v2/outbound-call-recording/6/' } });
      await within(1_000, 'the server seeing the client hang up', served.current?.closed ?? Promise.resolve());
      expect(await readdir(dir)).toEqual([]);
    });
  }

  it('is not even asked for when the signal was already aborted', async () => {
    let asked = 0;
    server.handle = (_req, res) => {
      asked += 1;
      res.end();
    };
    const error = await client()
      .downloadInboundRecording(7, freshDir(), { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(isCancelled(error)).toBe(true);
    expect(asked).toBe(0);
  });
});

describe('a recording that comes at a slow but honest pace', () => {
  it('still downloads whole, well past the grace, when it keeps above the floor', async () => {
    const body = Buffer.concat([WAV_HEAD, Buffer.alloc(60_000 - WAV_HEAD.length, 3)]);
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(body.length) });
      let at = 0;
      // 4,000 bytes every 50 ms (80 KB/s) for 0.75 s, against a floor of 20 KB/s after 100 ms.
      const next = () => {
        const part = body.subarray(at, at + 4_000);
        at += part.length;
        if (at >= body.length) res.end(part);
        else {
          res.write(part);
          setTimeout(next, 50);
        }
      };
      next();
    };
    const dir = freshDir();
    const file = await client({ minBytesPerSecond: 20_000, graceMs: 100 }).downloadOutboundRecording(8, dir, { seal: sealer });
    expect(file).toMatchObject({ size: 60_000, format: 'wav', reused: false });
    expect(await readdir(dir)).toEqual(['outbound-8.wav']);
  });

  it('by default gives a 10 MB recording over 20 minutes: a 256 kbit/s office line brings it in about 5', () => {
    const { minBytesPerSecond, graceMs } = DEFAULT_RECORDING_PACE;
    const allowedS = graceMs / 1000 + 10_000_000 / minBytesPerSecond;
    const slowLineS = 10_000_000 / (256_000 / 8);
    expect(allowedS).toBeGreaterThan(20 * 60);
    expect(slowLineS).toBeLessThan(allowedS / 3);
  });
});
