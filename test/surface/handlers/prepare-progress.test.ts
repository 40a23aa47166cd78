// Preparing a big file tells how far it is (prepare:progress, cases built of the file's cases) and can
// be stopped (batches:cancelPrepare): batches:prepare then answers prepare.cancelled and no batch is
// kept. On this thread (the CLI's small files) and in the preparation worker (the app, big files).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { createAppContext } from '../../../src-main/surface/app-context';
import type { SurfaceEvents } from '../../../src-main/surface/procedures';
import { createSurface } from '../../../src-main/surface/surface';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A creditor's CSV of `rows` debtors, one row each. */
function portfolio(rows: number): Buffer {
  const lines = ['DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < rows; i++)
    lines.push(`${20_000_000 + i};APELLIDO${i % 977}, Nombre;351 ${600 + (i % 300)}-${String(1000 + (i % 9000)).slice(-4)};OP-${i};Visa;1.500,50;31/12/2027`);
  return Buffer.from(lines.join('\n'));
}

describe.each([
  ['on the caller’s thread', false],
  ['in the preparation worker', true],
] as const)('preparing a big file %s', (_, inWorker) => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-prepare-progress-'));
  dirs.push(dir);
  const ctx = createAppContext({ dataDir: dir, policy: NO_POLICY, preparationInWorker: inWorker });
  const surface = createSurface(ctx);
  afterAll(() => ctx.close());
  const file = portfolio(20_000);
  const receive = async () => {
    const answer = await surface.call('files:receive', { name: 'cartera.csv', base64: file.toString('base64') });
    if (!answer.ok) throw new Error(answer.error.code);
    return answer.value.fileId;
  };
  const progressOf = (fileId: string) => {
    const seen: SurfaceEvents['prepare:progress'][] = [];
    const off = ctx.on('prepare:progress', (p) => {
      if (p.fileId === fileId) seen.push(p);
    });
    return { seen, off };
  };

  it('tells how far it is, from none to every case', async () => {
    const fileId = await receive();
    const { seen, off } = progressOf(fileId);
    const answer = await surface.call('batches:prepare', { environment: 'demo', fileId, maxPhonePriority: 0 });
    off();
    expect(answer).toMatchObject({ ok: true, value: { cases: 20_000 } });
    expect(seen[0]).toEqual({ fileId, done: 0, total: 20_000 });
    expect(seen.at(-1)).toEqual({ fileId, done: 20_000, total: 20_000 });
    const done = seen.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  }, 120_000);

  it('stops when asked, keeping no batch', async () => {
    const before = await surface.call('batches:list', { environment: 'demo' });
    const fileId = await receive();
    const off = ctx.on('prepare:progress', (p) => {
      // Stopped once the first cases are stored: the writer has begun the batch.
      if (p.fileId === fileId && p.done > 0) void surface.call('batches:cancelPrepare', { fileId });
    });
    const answer = await surface.call('batches:prepare', { environment: 'demo', fileId, maxPhonePriority: 0 });
    off();
    if (!answer.ok && answer.error.code === 'app.internal') console.error(readFileSync(join(dir, 'logs', 'casedesk.log'), 'utf8').slice(-3000));
    expect(answer).toMatchObject({ ok: false, error: { code: 'prepare.cancelled', params: { file: 'cartera.csv' } } });
    expect(await surface.call('batches:list', { environment: 'demo' })).toEqual(before);
    // Nothing left running; stopping it again finds nothing.
    expect(ctx.runningWork()).toEqual([]);
    expect(await surface.call('batches:cancelPrepare', { fileId })).toEqual({ ok: true, value: { cancelled: false } });
  }, 120_000);

  it('keeps the batch, warned whole, when the stop comes once every case is built', async () => {
    // Every phone shared by five debtors: their warnings are written after the last case.
    const lines = ['DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento'];
    for (let i = 0; i < 5_000; i++)
      lines.push(
        `${30_000_000 + i};APELLIDO${i % 5}, Nombre;351 ${600 + (Math.floor(i / 5) % 300)}-${String(1000 + Math.floor(i / 5)).slice(-4)};OP-${i};Visa;1.500,50;31/12/2027`,
      );
    const answer0 = await surface.call('files:receive', { name: 'compartidos.csv', base64: Buffer.from(lines.join('\n')).toString('base64') });
    if (!answer0.ok) throw new Error(answer0.error.code);
    const fileId = answer0.value.fileId;
    const off = ctx.on('prepare:progress', (p) => {
      if (p.fileId === fileId && p.done === p.total) void surface.call('batches:cancelPrepare', { fileId });
    });
    const answer = await surface.call('batches:prepare', { environment: 'demo', fileId, maxPhonePriority: 0 });
    off();
    expect(answer).toMatchObject({ ok: true, value: { cases: 5_000, warnings: 5_000 } });
  }, 120_000);
});
