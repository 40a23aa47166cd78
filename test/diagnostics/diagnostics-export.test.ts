// A diagnostics export after an agent's day: a creditor file prepared, signed in to the Test service,
// uploaded, dialed, results with transcripts downloaded, failures logged. The zip holds what IT
// needs, and no entry of it holds a debtor's name, phone, code, debt or words, a token, the password,
// the data key or the agent's account. The diagnostic log itself holds none of it either.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort as freePort } from '../support/closed-port';
import type { FetchLike } from '../../src-main/client';
import { serviceFetch } from '../../src-main/network/service-fetch';
import type { LoadedPolicy } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface, type Surface } from '../../src-main/surface/surface';
import { newCampaign, control } from '../client/helpers';
import { DEMO_USER, useEmulator } from '../support/emulator';
import { foundIn } from '../support/raw-scan';
import { handOver } from '../support/source-file';
import { zipEntries } from '../support/zip-entries';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-diag-export-'));
const emulator = useEmulator({ speed: 1 });

/** Every token the service hands out, read off the answers as they pass through the app's network. */
const tokens = new Set<string>();
function watchingFetch(): FetchLike {
  const inner = serviceFetch({ env: {} });
  return async (input, init) => {
    const res = await inner(input, init);
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { access?: unknown; refresh?: unknown } | null;
    for (const token of [body?.access, body?.refresh]) if (typeof token === 'string') tokens.add(token);
    return res;
  };
}

let ctx: AppContext;
let surface: Surface;
let closedPort = 0;

beforeAll(async () => {
  closedPort = await freePort();
  // The organization fixes Production's address: a port where nothing listens.
  const policy: LoadedPolicy = {
    policy: { environments: { production: { base_url: `http://127.0.0.1:${closedPort}` } } },
    file: join(dir, 'policy.json'),
    warnings: [],
    caCertificates: {},
  };
  ctx = createAppContext({ dataDir: join(dir, 'data'), policy, network: () => watchingFetch() });
  surface = createSurface(ctx);
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await surface.call(name, input);
  if (!answer.ok) throw new Error(`${name}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

/** What must never leave in a diagnostics export: every debtor value long enough not to occur by chance, and every secret. */
const needles = new Set<string>();
let entries = new Map<string, Buffer>();
let batchCases = 0;

function leaks(bytes: Buffer): string[] {
  return foundIn(bytes, needles);
}

describe('a diagnostics export', () => {
  it('is made after a day with personal data, tokens and failures', async () => {
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    await call('session:signIn', { environment: 'test', ...DEMO_USER });
    const prepared = await call('batches:prepare', { environment: 'test', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    const cases = await call('batches:cases', { batchId: prepared.batchId, limit: 1000 });
    batchCases = cases.length;
    for (const c of cases) {
      for (const value of [c.code, c.firstName, c.lastName, `${c.firstName} ${c.lastName}`, ...c.phones]) if (value.length >= 4) needles.add(value);
      for (const p of c.products) for (const value of [p.debtCode, p.debt]) if (value.length >= 5) needles.add(value);
    }
    expect(needles.size).toBeGreaterThan(30);
    // The scan finds what it looks for where it is.
    expect(leaks(Buffer.from(JSON.stringify(cases))).length).toBeGreaterThan(30);

    const campaignId = (await call('campaigns:create', { environment: 'test', campaign: newCampaign('Banco del Sur') })).campaign.id;
    expect(await call('sync:upload', { environment: 'test', batchId: prepared.batchId, campaignId })).toMatchObject({ status: 'done' });
    await call('campaigns:action', { environment: 'test', campaignId, action: 'start' });
    await control(emulator.current.url, 'advance', { seconds: 3600 });
    expect((await call('results:download', { environment: 'test', campaignId, recordings: false })).calls).toBeGreaterThan(0);
    const results = await call('results:cases', { environment: 'test', campaignId, limit: 1000 });
    let words = 0;
    for (const rc of results.cases) {
      for (const callRow of await call('results:calls', { environment: 'test', campaignId, caseId: rc.id })) {
        for (const u of [...callRow.transcription, ...callRow.responses]) {
          if (u.text.length < 12) continue;
          needles.add(u.text);
          words++;
        }
      }
    }
    expect(words).toBeGreaterThan(0);

    // Both tokens of the session, as the service handed them out, and a refresh for good measure.
    const session = ctx.connections.get('test')?.session;
    await session?.refreshAfterUnauthorized(await session.accessToken());
    expect(tokens.size).toBeGreaterThanOrEqual(4);
    for (const token of tokens) needles.add(token);
    needles.add(DEMO_USER.password);
    needles.add(DEMO_USER.email);
    const keyHex = ctx.dataKey.key.toString('hex');
    for (const form of [keyHex, keyHex.toUpperCase()]) needles.add(form);

    // Failures whose messages carry what the log must never keep: once deep in a procedure, once directly.
    const [first] = cases;
    const realPrepare = ctx.store.db.prepare.bind(ctx.store.db);
    ctx.store.db.prepare = (() => {
      throw new RangeError(`cannot store ${first?.firstName} ${first?.lastName} ${first?.phones[0]} ${[...tokens][0]}`);
    }) as never;
    const failed = await surface.call('batches:list', {});
    ctx.store.db.prepare = realPrepare;
    expect(failed).toMatchObject({ ok: false, error: { code: 'app.internal' } });
    ctx.diagnostics.internalFailure(new Error(`row of ${first?.code}: ${DEMO_USER.password}`, { cause: new TypeError(`${[...tokens][1]}`) }), {
      procedure: 'batches:prepare',
    });
    await ctx.diagnostics.close();

    const download = await call('diagnostics:export', {});
    expect(download.name).toMatch(/^casedesk-diagnostics-\d{8}-\d{6}\.zip$/);
    expect(download.contentType).toBe('application/zip');
    entries = await zipEntries(Buffer.from(download.base64, 'base64'));
    expect([...entries.keys()].sort()).toEqual(
      ['README.txt', 'audit.jsonl', 'connectivity.json', 'diagnostic-log.jsonl', 'os.json', 'policy.json', 'settings.json', 'store.json', 'versions.json'].map(
        (n) => `casedesk-diagnostics/${n}`,
      ),
    );
  }, 120_000);

  it('holds no personal data, token, password, account or data key in any entry', () => {
    expect(entries.size).toBeGreaterThan(0);
    for (const [name, bytes] of entries) expect(leaks(bytes), name).toEqual([]);
    // Nor the name of the creditor's file (free text of the audit trail).
    for (const [name, bytes] of entries) expect(bytes.includes(Buffer.from('cartera-banco-del-sur')), name).toBe(false);
  });

  it('says what IT needs: versions, policy, store counts, log incidents, audit actions, connectivity', () => {
    const json = (name: string) => JSON.parse(entries.get(`casedesk-diagnostics/${name}`)?.toString('utf8') ?? 'null') as Record<string, unknown>;
    const lines = (name: string) =>
      (entries.get(`casedesk-diagnostics/${name}`)?.toString('utf8') ?? '')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);

    expect(json('versions.json')).toMatchObject({
      casedesk: expect.any(String),
      node: process.versions.node,
      sqlite: expect.stringMatching(/^3\./),
      sqliteCiphers: expect.stringContaining('Multiple Ciphers'),
    });
    expect(json('os.json')).toMatchObject({ platform: process.platform, arch: process.arch });
    expect(json('policy.json')).toMatchObject({
      file: join(dir, 'policy.json'),
      policy: { environments: { production: { base_url: `http://127.0.0.1:${closedPort}` } } },
    });
    expect(json('settings.json')).toMatchObject({
      dataDir: join(dir, 'data'),
      retentionDays: 90,
      environments: expect.arrayContaining([{ name: 'test', allowed: true, managed: false, baseUrl: emulator.current.url, session: 'active' }]),
    });

    const store = json('store.json') as {
      rows: { cases: { total: number }; resultCalls: Record<string, number> };
      migrations: { version: number }[];
      files: Record<string, { bytes: number }>;
    };
    expect(store.rows.cases.total).toBe(batchCases);
    expect(store.rows.resultCalls.test).toBeGreaterThan(0);
    expect(store.migrations.length).toBeGreaterThan(5);
    expect(store.files['casedesk.sqlite']?.bytes).toBeGreaterThan(0);

    const log = lines('diagnostic-log.jsonl');
    expect(log).toHaveLength(2);
    expect(log.map((l) => l.procedure)).toEqual(['batches:list', 'batches:prepare']);
    expect(log[0]).toMatchObject({ incident: expect.stringMatching(/^[0-9A-F]{8}$/), failure: { type: 'RangeError' } });
    expect(log[1]).toMatchObject({ failure: { type: 'Error', cause: { type: 'TypeError' } } });

    const audit = lines('audit.jsonl');
    const actions = audit.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['session.signedIn', 'file.received', 'batch.prepared', 'upload.finished', 'results.downloaded']));
    const prepared = audit.find((e) => e.action === 'batch.prepared');
    expect(prepared).toMatchObject({ actor: { environment: 'test', face: 'app' }, cases: batchCases, mapping: 'suggested' });
    expect(prepared).not.toHaveProperty('file');
    expect(audit.find((e) => e.action === 'session.signedIn')).not.toHaveProperty('service');
    for (const entry of audit) expect(JSON.stringify(entry.actor)).not.toMatch(/osUser|serviceUser/);

    const checks = json('connectivity.json') as unknown as Record<string, unknown>[];
    expect(checks).toEqual([
      { environment: 'demo', skipped: 'built-in' },
      expect.objectContaining({ environment: 'test', network: 'app', signIn: expect.objectContaining({ status: 'reachable' }) }),
      expect.objectContaining({ environment: 'production', signIn: expect.objectContaining({ status: 'unreachable', problem: 'refused' }) }),
    ]);
  });

  it('is recorded in the audit trail', async () => {
    const trail = await call('audit:list', { limit: 5 });
    expect(trail.entries[0]).toMatchObject({ action: 'diagnostics.exported', to: 'download', path: null, bytes: expect.any(Number) });
  });

  it('finishes in a few seconds when every service is offline', async () => {
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: `http://127.0.0.1:${closedPort}` });
    const started = Date.now();
    const download = await call('diagnostics:export', {});
    expect(Date.now() - started).toBeLessThan(10_000);
    const checks = JSON.parse(
      (await zipEntries(Buffer.from(download.base64, 'base64'))).get('casedesk-diagnostics/connectivity.json')?.toString('utf8') ?? '[]',
    ) as { signIn?: { status: string } }[];
    expect(checks.filter((c) => c.signIn).map((c) => c.signIn?.status)).toEqual(['unreachable', 'unreachable']);
  });
});

describe('the diagnostic log after that day', () => {
  it('holds no personal data, token, password or data key in any of its files', () => {
    const folder = join(dir, 'data', 'logs');
    const files = readdirSync(folder);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const bytes = readFileSync(join(folder, name));
      expect(leaks(bytes), name).toEqual([]);
      expect(bytes.toString('utf8')).not.toMatch(/eyJ[\w-]{8,}\.eyJ[\w-]{8,}/);
      expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600);
    }
  });
});
