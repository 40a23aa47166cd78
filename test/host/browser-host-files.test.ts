// Through the browser host, a page (ours, or whoever holds the token) can only name files handed over
// to the app: a path of the machine is refused, and nothing of that file comes back.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../src-main/host/browser-host';
import { TOKEN_HEADER } from '../../src-main/host/host-guard';
import { RENDERER_DIR } from '../../src-main/host/renderer-build';
import { createBatch } from '../../src-main/store';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import { failureClass, isFailureCode } from '../../src-main/domain/failures/failure';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const PASSWD_LINE = /root:|daemon:|nologin/;

describe('files through the browser host', () => {
  let host: BrowserHost;
  let ctx: AppContext;
  let dir: string;
  let token: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'casedesk-host-files-'));
    ctx = createAppContext({ dataDir: dir, preparationInWorker: true });
    host = await startBrowserHost(ctx, { rendererDir: RENDERER_DIR });
    token = new URL(host.url).searchParams.get('token') ?? '';
  });
  afterAll(async () => {
    await host.close();
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A procedure call as our page makes it: our Host and Origin, the token in its header. */
  function call(
    name: string,
    input: unknown,
  ): Promise<{ raw: string; answer: { ok: boolean; value?: Record<string, unknown>; error?: { code: string; message: string } } }> {
    const body = JSON.stringify(input);
    const me = `127.0.0.1:${host.port}`;
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: `/api/call/${name}`,
          method: 'POST',
          headers: { host: me, origin: `http://${me}`, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        },
        (res) => {
          let raw = '';
          res.on('data', (d: Buffer) => (raw += d.toString()));
          res.on('end', () => resolve({ raw, answer: JSON.parse(raw) as never }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function handOver(path: string, name: string): Promise<string> {
    const { answer } = await call('files:receive', { name, base64: readFileSync(path).toString('base64') });
    if (!answer.ok) throw new Error(answer.error?.message);
    return String(answer.value?.fileId);
  }

  it('prepares a file handed over with files:receive, by its id', async () => {
    const fileId = await handOver(SAMPLE, 'cartera-banco-del-sur.xlsx');
    const inspected = await call('batches:inspect', { fileId });
    expect(inspected.answer).toMatchObject({ ok: true, value: { fileName: 'cartera-banco-del-sur.xlsx', sheet: 'Cartera' } });
    const prepared = await call('batches:prepare', { environment: 'demo', fileId, maxPhonePriority: 2 });
    expect(prepared.answer).toMatchObject({ ok: true, value: { cases: 11, ready: 8, rejected: 3 } });
    expect(inspected.raw + prepared.raw).not.toContain(dir);
  });

  it('refuses a path of the machine where a file is read, and answers nothing of the file', async () => {
    const batchId = createBatch(ctx.store.db, { environment: 'demo', name: 'cartera', sourceFile: 'cartera.xlsx', maxPhonePriority: 2 });
    const tried: { name: string; code: string | undefined; leaked: boolean }[] = [];
    for (const [name, input] of [
      ['batches:inspect', { file: '/etc/passwd' }],
      ['batches:prepare', { environment: 'demo', file: '/etc/passwd', maxPhonePriority: 0 }],
      ['batches:importCorrections', { batchId, file: '/etc/passwd' }],
      ['batches:inspect', { fileId: '/etc/passwd' }],
      ['batches:inspect', { fileId: '../../../../etc/passwd' }],
    ] as const) {
      const { raw, answer } = await call(name, input);
      tried.push({ name, code: answer.error?.code, leaked: PASSWD_LINE.test(raw) || raw.includes('passwd') });
    }
    expect(tried.filter((t) => !isFailureCode(t.code) || failureClass(t.code) !== 'invalid-input' || t.leaked)).toEqual([]);
  });

  it('refuses an id the app never issued, naming no path', async () => {
    for (const name of ['batches:inspect', 'batches:prepare']) {
      const { raw, answer } = await call(name, { fileId: 'x'.repeat(43), maxPhonePriority: 0 });
      expect(answer, name).toMatchObject({ ok: false, error: { code: 'file.not_handed_over' } });
      expect(raw, name).not.toContain('/');
    }
  });

  it('refuses a file too big for a call by a code naming the biggest it takes, before reading it', async () => {
    const me = `127.0.0.1:${host.port}`;
    // Said to be 200 MB of base64 (a 150 MB file); only its first bytes are sent.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/api/call/files:receive',
          method: 'POST',
          headers: { host: me, origin: `http://${me}`, [TOKEN_HEADER]: token, 'content-type': 'application/json', 'content-length': 200 * 1024 ** 2 },
        },
        (res) => {
          let raw = '';
          res.on('data', (d: Buffer) => (raw += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: raw }));
        },
      );
      req.on('error', reject);
      req.write('{"name":"cartera.csv","base64":"');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({
      ok: false,
      error: { code: 'host.file_too_large', params: { limitMb: 112 }, message: expect.stringMatching(/up to 112 MB.*desktop app.*casedesk prepare/) },
    });
  });

  it('refuses files:open, which only the CLI may use', async () => {
    const { raw, answer } = await call('files:open', { path: '/etc/passwd' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'file.local_only' } });
    expect(raw).not.toMatch(PASSWD_LINE);
  });
});
