// On Linux an AppImage or a .deb has no code signature, and latest-linux.yml's sha512 comes from the
// same server as the file: CaseDesk updates itself there only when the manifest is signed by the
// trusted release key (the policy's update_public_key, else the one built in). Without a key it never
// loads electron-updater, and updates:status says so with a code of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startAutoUpdates } from '../../src-main/electron/auto-updater';
import { NO_POLICY, type Policy } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import type { UpdateState } from '../../src-main/updates/update-state';
import { releaseKey } from '../updates/release-keys';
import { FakeAutoUpdater, RELEASE } from './fake-auto-updater';

const URL = 'https://updates.example.com/casedesk/';
const dirs: string[] = [];
const made: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const ctx of made) await ctx.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The check (and the download it starts) is over: verifying runs off the thread, so wait for it. */
const settled = (state: UpdateState) =>
  state.state === 'disabled' || state.state === 'error' || state.state === 'ready' || (state.state === 'idle' && state.checkedAt !== null);

/** A packaged Linux app under `policy`, its updater serving `release`; what its updates came to. */
async function linuxApp(policy: Policy, updater: FakeAutoUpdater, builtInReleaseKey = '') {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-linux-updates-'));
  dirs.push(dir);
  const ctx = createAppContext({ dataDir: dir, policy: { ...NO_POLICY, file: join(dir, 'policy.json'), policy: { update_url: URL, ...policy } } });
  made.push(ctx);
  let loads = 0;
  const states: UpdateState[] = [];
  ctx.on('updates:state', (state) => states.push(state));
  const controller = startAutoUpdates(ctx, {
    packaged: true,
    platform: 'linux',
    resourcesPath: dir,
    builtInReleaseKey,
    loadAutoUpdater: async () => {
      loads++;
      return updater;
    },
  });
  await vi.waitFor(() => expect(settled(controller.state())).toBe(true), { timeout: 5000 });
  controller.stop();
  return { loads, states, status: await createSurface(ctx).call('updates:status', {}) };
}

describe('Linux updates', () => {
  const key = releaseKey();

  it('without a trusted key, never load electron-updater: updates:status says they come through the OS’s packages', async () => {
    const app = await linuxApp({}, new FakeAutoUpdater());
    expect(app.loads).toBe(0);
    expect(app.status).toEqual({ ok: true, value: { state: 'disabled', reason: 'no-update-key' } });
  });

  it('refuse an unsigned latest-linux.yml before downloading anything', async () => {
    const updater = new FakeAutoUpdater();
    const app = await linuxApp({ update_public_key: key.spki }, updater);
    expect(updater.downloads).toBe(0);
    expect(updater.offered).toBeNull();
    expect(app.status).toMatchObject({ ok: true, value: { state: 'error', code: 'update.unsigned_release' } });
    // Never shown as up to date on the way.
    expect(app.states.map((s) => s.state)).toEqual(['checking', 'error']);
  });

  it.each([
    ['signed by another key', () => ({ ...RELEASE, signature: releaseKey().sign(RELEASE) })],
    ['whose sha512 was changed after signing', () => ({ ...RELEASE, signature: key.sign(RELEASE), files: [{ ...RELEASE.files[0]!, sha512: 'b3RoZXI=' }] })],
    ['whose version was changed after signing', () => ({ ...RELEASE, signature: key.sign(RELEASE), version: '3.2.0' })],
  ])('refuse a release %s', async (_name, release) => {
    const updater = new FakeAutoUpdater();
    updater.release = release();
    const app = await linuxApp({ update_public_key: key.spki }, updater);
    expect(updater.downloads).toBe(0);
    expect(app.status).toMatchObject({ ok: true, value: { state: 'error', code: 'update.bad_release_signature' } });
  });

  it('download a release signed by the policy’s key, and install it at the next restart', async () => {
    const updater = new FakeAutoUpdater();
    updater.release = { ...RELEASE, signature: key.sign(RELEASE) };
    const app = await linuxApp({ update_public_key: key.pem }, updater);
    expect(updater.downloads).toBe(1);
    expect(app.status).toEqual({ ok: true, value: { state: 'ready', version: '3.1.0' } });
  });

  it('take the built-in key when the policy names none, and only the policy’s when it does', async () => {
    const builtIn = releaseKey();
    const signed = () => Object.assign(new FakeAutoUpdater(), { release: { ...RELEASE, signature: builtIn.sign(RELEASE) } });
    expect((await linuxApp({}, signed(), builtIn.raw)).status).toEqual({ ok: true, value: { state: 'ready', version: '3.1.0' } });
    expect((await linuxApp({ update_public_key: key.spki }, signed(), builtIn.raw)).status).toMatchObject({
      ok: true,
      value: { state: 'error', code: 'update.bad_release_signature' },
    });
  });

  it('keep electron-updater’s own checks of a signed release (its minimum OS version)', async () => {
    const updater = new FakeAutoUpdater();
    updater.release = { ...RELEASE, signature: key.sign(RELEASE) };
    updater.isUpdateSupported = () => false;
    const app = await linuxApp({ update_public_key: key.spki }, updater);
    expect(updater.downloads).toBe(0);
    expect(app.status).toMatchObject({ ok: true, value: { state: 'idle' } });
  });

  it('never download a release the signature check did not see', async () => {
    const updater = Object.assign(new FakeAutoUpdater(), { asksHook: false });
    updater.release = { ...RELEASE, signature: key.sign(RELEASE) };
    const app = await linuxApp({ update_public_key: key.spki }, updater);
    expect(updater.offered).not.toBeNull();
    expect(updater.downloads).toBe(0);
    expect(app.status).toMatchObject({ ok: true, value: { state: 'error', code: 'update.unsigned_release' } });
  });
});
