// The generic error's log exists: an internal failure is written to <dataDir>/logs/casedesk.log with
// an incident id the agent is shown, the error's class and its stack, and nothing of its message.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnosticLog, failureShape } from '../../src-main/diagnostics/diagnostic-log';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { formatFailure } from '../../src-main/domain/failures/failure';

const root = mkdtempSync(join(tmpdir(), 'casedesk-diagnostics-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DEBTOR = 'María Gómez';
const PHONE = '3514567890';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoicmVmcmVzaCIsInVzZXIiOjF9.c2lnbmF0dXJlLW9mLXRoZS10ZXN0';
const jwt = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/;

/** A library failing deep inside a procedure, its message echoing the data it was handed. */
class StorageHiccup extends Error {}

function failingStore(ctx: ReturnType<typeof createAppContext>): void {
  ctx.store.db.prepare = (() => {
    throw new StorageHiccup(`cannot store ${DEBTOR}\n    at ${PHONE} (${TOKEN})`);
  }) as never;
}

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));

describe('the diagnostic log', () => {
  it('records an internal failure by incident id, class and stack, without its message', async () => {
    const dataDir = join(root, 'failure');
    // A logs folder left open to others is closed again.
    mkdirSync(join(dataDir, 'logs'), { recursive: true, mode: 0o755 });
    const previousUmask = process.umask(0o022);
    const ctx = createAppContext({ dataDir });
    let answer: Awaited<ReturnType<ReturnType<typeof createSurface>['call']>>;
    try {
      failingStore(ctx);
      answer = await createSurface(ctx).call('batches:list', {});
    } finally {
      await ctx.close();
      process.umask(previousUmask);
    }
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('app.internal');
    const incident = /incident ([0-9A-F]{8})/.exec(answer.error.message)?.[1] ?? '';
    expect(incident).not.toBe('');
    expect(answer.error.params).toMatchObject({ incident });
    const spanish = formatFailure('es', answer.error.code, answer.error.params);
    expect(spanish).toContain(`incidente ${incident}`);
    const logFile = join(dataDir, 'logs', 'casedesk.log');
    expect(answer.error.message).toContain(logFile);
    for (const shown of [answer.error.message, spanish]) {
      for (const secret of [DEBTOR, PHONE, TOKEN]) expect(shown).not.toContain(secret);
    }

    const lines = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ incident, procedure: 'batches:list', failure: { type: 'StorageHiccup' } });
    const frames = (lines[0]?.failure as { frames: string[] }).frames;
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.join('\n')).toMatch(/batch-handlers\.ts|diagnostic-log\.test\.ts/);

    for (const file of files(join(dataDir, 'logs'))) {
      const text = readFileSync(file).toString('utf8');
      for (const secret of [DEBTOR, 'María', 'Gómez', PHONE, TOKEN]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(jwt);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(statSync(join(dataDir, 'logs')).mode & 0o777).toBe(0o700);
  });

  it('is not created while nothing fails', async () => {
    const dataDir = join(root, 'quiet');
    const ctx = createAppContext({ dataDir });
    const surface = createSurface(ctx);
    expect((await surface.call('batches:list', {})).ok).toBe(true);
    expect((await surface.call('batches:get', { batchId: 99 })).ok).toBe(false);
    await ctx.close();
    expect(readdirSync(dataDir)).not.toContain('logs');
  });
});

describe('diagnosticLog', () => {
  it('rotates by size and keeps a bounded number of files, each 0600', async () => {
    const dataDir = join(root, 'rotation');
    const log = diagnosticLog(dataDir, { maxBytes: 4096, files: 3 });
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      ids.add(log.internalFailure(new TypeError(`row ${i} of ${DEBTOR}`), { procedure: 'batches:prepare' }));
      // Let the stream write and rotate between bursts, as failures arrive in real use.
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await log.close();
    expect(ids.size).toBe(200);
    const names = readdirSync(join(dataDir, 'logs')).sort();
    expect(names).toEqual(['casedesk.log', 'casedesk.log.1', 'casedesk.log.2']);
    for (const name of names) {
      const file = join(dataDir, 'logs', name);
      expect(statSync(file).size).toBeLessThan(4096 * 2);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).not.toContain(DEBTOR);
    }
  });

  it('keeps the class and frames of a failure and its causes, whatever was thrown', () => {
    const shape = failureShape(new Error('outer with 3514567890', { cause: new RangeError('inner with María') }));
    expect(shape.type).toBe('Error');
    expect(shape.cause?.type).toBe('RangeError');
    expect(shape.frames[0]).toMatch(/^at /);
    expect(JSON.stringify(shape)).not.toMatch(/3514567890|María/);
    expect(failureShape('a string with María')).toEqual({ type: 'string', frames: [] });
    expect(failureShape(null)).toEqual({ type: 'null', frames: [] });
  });

  it("names a plain Error by the name it was given, but only when that name is an identifier (never a person's words)", () => {
    const named = Object.assign(new Error('x'), { name: 'ZipTrouble' });
    expect(failureShape(named).type).toBe('ZipTrouble');
    const hostile = Object.assign(new Error('x'), { name: 'María Pérez 3514567890' });
    expect(failureShape(hostile).type).toBe('Error');
    expect(failureShape(Object.assign(new Error('x'), { name: 'A'.repeat(65) })).type).toBe('Error');
  });
});
