// Recordings: streamed to disk under a name and extension chosen by content type and magic bytes.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, createServiceClient, detectRecordingFormat, ServiceError } from '../../src-main/client';
import { useEmulator } from '../support/emulator';
import { connect, dialedCampaign, fixedTokens, sendJson, useLocalServer } from './helpers';

const emulator = useEmulator({ speed: 1 });
const base = () => emulator.current.url;
let root = '';
let dirCount = 0;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'casedesk-recordings-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
const freshDir = () => join(root, `d${++dirCount}`);

const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const WAV_HEAD = bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ');
const ID3_HEAD = bytes('ID3', [4, 0, 0, 0, 0, 0, 0]);

describe('format detection', () => {
  it('reads magic bytes first, then the content type, else bin', () => {
    const cases: [Uint8Array, string, string][] = [
      [WAV_HEAD, 'audio/wav', 'wav'],
      [WAV_HEAD, 'application/octet-stream', 'wav'],
      [ID3_HEAD, 'audio/mpeg', 'mp3'],
      [bytes([0xff, 0xfb, 0x90, 0x64]), '', 'mp3'], // MPEG-1 layer III frame
      [bytes([0xff, 0xf3, 0x64, 0xc4]), 'application/octet-stream', 'mp3'], // MPEG-2 layer III frame
      [bytes('OggS', [0, 2]), 'audio/mpeg', 'ogg'], // the bytes win over a wrong content type
      [bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'application/octet-stream', 'webm'],
      [bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mpeg', 'm4a'],
      [bytes([0xff, 0xf1, 0x50, 0x80]), 'application/octet-stream', 'bin'], // AAC ADTS is not MP3
      [bytes('hello world!'), 'audio/ogg; codecs=opus', 'ogg'],
      [bytes('hello world!'), 'Audio/MPEG', 'mp3'],
      [bytes('hello world!'), 'audio/x-m4a', 'm4a'],
      [bytes('hello world!'), 'text/plain', 'bin'],
      [new Uint8Array(), '', 'bin'],
    ];
    for (const [head, type, format] of cases) expect(detectRecordingFormat(head, type), `${type} ${[...head.slice(0, 4)]}`).toBe(format);
  });
});

describe('recordings from the emulator', () => {
  it('downloads an outbound WAV once; a file of the same name and size is kept', async () => {
    const { client } = await connect(base());
    const id = await dialedCampaign(base(), client, 3);
    const called = (await collect(client.campaignCases(id))).find((c) => c.call_count > 0);
    const [call] = await collect(client.caseCalls(id, called?.id ?? 0));
    const dir = freshDir();
    const file = await client.downloadOutboundRecording(call?.id ?? 0, dir);
    expect(file).toMatchObject({ path: join(dir, `outbound-${call?.id}.wav`), contentType: 'audio/wav', format: 'wav', reused: false });
    expect((await stat(file.path)).size).toBe(file.size);
    expect(new TextDecoder().decode((await readFile(file.path)).subarray(8, 12))).toBe('WAVE');

    const before = (await stat(file.path)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await client.downloadOutboundRecording(call?.id ?? 0, dir)).toMatchObject({ path: file.path, size: file.size, reused: true });
    expect((await stat(file.path)).mtimeMs).toBe(before);

    // Another size under the same name, or a stale copy under another extension: replaced.
    await writeFile(file.path, 'short');
    await writeFile(join(dir, `outbound-${call?.id}.bin`), 'old copy');
    expect(await client.downloadOutboundRecording(call?.id ?? 0, dir)).toMatchObject({ reused: false, size: file.size });
    expect(await readdir(dir)).toEqual([`outbound-${call?.id}.wav`]); // no temp file, no stale copy

    await expect(client.downloadOutboundRecording(999_999, dir)).rejects.toMatchObject({ kind: 'client', status: 404 });
  });

  it('names an inbound recording by its bytes (served as octet-stream), and answers null without one', async () => {
    const { client } = await connect(base());
    const all = await collect(client.inboundCases());
    const withAudio = all.find((c) => c.recording !== '');
    const without = all.find((c) => c.recording === '');
    const dir = freshDir();
    const file = await client.downloadInboundRecording(withAudio?.id ?? 0, dir);
    expect(file).toMatchObject({ path: join(dir, `inbound-${withAudio?.id}.wav`), contentType: 'application/octet-stream', format: 'wav' });
    expect(await client.downloadInboundRecording(without?.id ?? 0, dir)).toBeNull();
    expect(await readdir(dir)).toEqual([`inbound-${withAudio?.id}.wav`]);
  });
});

describe('recordings from another server', () => {
  const server = useLocalServer();
  const client = () => createServiceClient({ baseUrl: server.url, session: fixedTokens, timeoutMs: 2_000 });
  const audio = (head: Uint8Array, size: number) => Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length, 7)]);

  it('saves an audio/mpeg body that starts with ID3 as mp3, and a lying audio/mpeg with RIFF bytes as wav', async () => {
    const dir = freshDir();
    server.handle = (req, res) => {
      const body = req.url?.includes('/1/') ? audio(ID3_HEAD, 40_000) : audio(WAV_HEAD, 30_000);
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': body.length });
      res.end(body);
    };
    expect(await client().downloadOutboundRecording(1, dir)).toMatchObject({
      format: 'mp3',
      size: 40_000,
      contentType: 'audio/mpeg',
      path: join(dir, 'outbound-1.mp3'),
    });
    expect(await client().downloadOutboundRecording(2, dir)).toMatchObject({ format: 'wav', size: 30_000, path: join(dir, 'outbound-2.wav') });
  });

  it('streams a chunked body without Content-Length, in small pieces', async () => {
    const dir = freshDir();
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/ogg' });
      res.write(Buffer.from([0x4f])); // "O", then "ggS": the magic arrives split across chunks
      setTimeout(() => {
        res.write(Buffer.from('ggS'));
        res.end(Buffer.alloc(5_000, 1));
      }, 20);
    };
    expect(await client().downloadOutboundRecording(7, dir)).toMatchObject({ format: 'ogg', size: 5_004 });
  });

  it('leaves no temp file when the connection breaks in the middle', async () => {
    const dir = freshDir();
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': 100_000 });
      res.write(audio(WAV_HEAD, 1_000));
      setTimeout(() => res.destroy(), 20);
    };
    const error = await client()
      .downloadOutboundRecording(3, dir)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'offline' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('reads every form of the inbound 404 as "no recording"', async () => {
    const forms: [string, string][] = [
      ['text/plain', 'Audio Not Found'],
      ['application/json', '"Audio Not Found"'],
      ['application/json', '{"detail":"Not found."}'],
    ];
    for (const [type, text] of forms) {
      server.handle = (_req, res) => {
        res.writeHead(404, { 'content-type': type });
        res.end(text);
      };
      expect(await client().downloadInboundRecording(5, freshDir()), text).toBeNull();
    }
    server.handle = (_req, res) => sendJson(res, 404, { detail: 'Not found.' });
    await expect(client().downloadOutboundRecording(5, freshDir())).rejects.toMatchObject({ kind: 'client', status: 404 });
  });
});
