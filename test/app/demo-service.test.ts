// The app's Demo service listens on 127.0.0.1, where every user of this machine can reach it. Its
// accounts must not open with the seed's public password: after the agent uploads debtors to Demo,
// another local user who signs in there as the demo account of docs/emulator.md is refused, while the app's
// own one-click sign-in (the public account, as the renderer and the CLI send it) still works.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../src-main/domain/environments';
import { openEmulatorDb } from '../../src-main/emulator/emulator-db';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { newCampaign } from '../client/helpers';
import { DEMO_USER, http, NO_BOTS_USER, OTHER_USER } from '../support/emulator';
import { TEST_STORE_KEY } from '../support/store-key';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-demo-service-'));
const opened: AppContext[] = [];
afterAll(async () => {
  for (const ctx of opened) await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(options: Partial<Parameters<typeof createAppContext>[0]> = {}): AppContext {
  const ctx = createAppContext({ dataDir: dir, ...options });
  opened.push(ctx);
  return ctx;
}

async function call<N extends ProcedureName>(ctx: AppContext, name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await createSurface(ctx).call(name, input);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

/** A sign-in as another local user would try it: plain HTTP to the Demo port. */
const loginStatus = async (url: string, user: { email: string; password: string }) => (await http(`${url}/auth/login/`, { body: user })).status;

describe("the app's Demo service", () => {
  let first: AppContext;
  let demoUrl = '';

  it('takes the one-click sign-in and an upload, and refuses the public password to anyone else', async () => {
    first = open();
    // What the renderer's one-click sign-in sends: the public demo account.
    const status = await call(first, 'session:signIn', { environment: 'demo', email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(status).toMatchObject({ signedIn: true, email: DEMO_ACCOUNT.email });
    demoUrl = status.baseUrl as string;
    expect(demoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const received = await call(first, 'files:receive', { name: 'cartera-banco-del-sur.xlsx', base64: readFileSync(SAMPLE).toString('base64') });
    const prepared = await call(first, 'batches:prepare', { environment: 'demo', fileId: received.fileId, maxPhonePriority: 2 });
    const campaign = await call(first, 'campaigns:create', { environment: 'demo', campaign: newCampaign('Banco del Sur demo') });
    const upload = await call(first, 'sync:upload', { environment: 'demo', batchId: prepared.batchId, campaignId: campaign.campaign.id });
    expect(upload.status).toBe('done');
    expect(upload.loaded).toBeGreaterThan(0);

    for (const user of [DEMO_USER, NO_BOTS_USER, OTHER_USER]) expect(await loginStatus(demoUrl, user), user.email).toBe(401);
  });

  it('signs in whatever password the renderer sends, and only with this launch’s password on the wire', async () => {
    expect(await call(first, 'session:signIn', { environment: 'demo', email: DEMO_ACCOUNT.email, password: 'cualquier cosa' })).toMatchObject({
      signedIn: true,
    });
    expect(await call(first, 'bots:list', { environment: 'demo' })).not.toHaveLength(0);
    // Another seed account of the Demo service, by its e-mail.
    expect(await call(first, 'session:signIn', { environment: 'demo', email: NO_BOTS_USER.email, password: NO_BOTS_USER.password })).toMatchObject({
      signedIn: true,
      email: NO_BOTS_USER.email,
    });
    expect(await call(first, 'bots:list', { environment: 'demo' })).toEqual([]);
    const password = first.demo.credentials().password;
    expect(password).not.toBe(DEMO_ACCOUNT.password);
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(await loginStatus(demoUrl, { email: DEMO_ACCOUNT.email, password })).toBe(200);
  });

  it('keeps no public password in its database, which it rewrites at each start', () => {
    const { db } = openEmulatorDb(join(dir, 'demo-service.sqlite'), TEST_STORE_KEY);
    try {
      const stored = (db.prepare('SELECT password FROM users').all() as { password: string }[]).map((r) => r.password);
      expect(stored.length).toBeGreaterThan(0);
      expect(new Set(stored)).toEqual(new Set([first.demo.credentials().password]));
    } finally {
      db.close();
    }
  });

  it('signs in from the CLI’s credentials (CASEDESK_EMAIL / CASEDESK_PASSWORD), each run with a new password', async () => {
    const earlier = first.demo.credentials().password;
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    // As `casedesk login --env demo` and every later command of the CLI do.
    const cli = open({ credentials: () => ({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }), face: 'cli' });
    expect(await call(cli, 'session:status', { environment: 'demo' })).toMatchObject({ signedIn: true, email: DEMO_ACCOUNT.email });
    const campaigns = await call(cli, 'campaigns:list', { environment: 'demo', botId: 101 });
    expect(campaigns.map((c) => c.name)).toContain('Banco del Sur demo');
    const url = (await cli.baseUrl('demo')) as string;
    expect(cli.demo.credentials().password).not.toBe(earlier);
    for (const password of [DEMO_ACCOUNT.password, earlier]) expect(await loginStatus(url, { email: DEMO_ACCOUNT.email, password })).toBe(401);
  });
});
