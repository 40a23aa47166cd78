// updates:status and updates:restart: the desktop app answers its updater's state; the browser host
// and the CLI have no updater and answer `disabled`, with the reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../../src-main/host/browser-host';
import { TOKEN_HEADER } from '../../../src-main/host/host-guard';
import { createAppContext } from '../../../src-main/surface/app-context';
import { restartHeldBack } from '../../../src-main/surface/handlers/sync-handlers';
import { correctionsWork, uploadWork } from '../../../src-main/app/work-keys';
import { createSurface } from '../../../src-main/surface/surface';
import { createUpdateController, type UpdaterEvent, type UpdaterPort } from '../../../src-main/updates/update-controller';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-updates-'));
const ctx = createAppContext({ dataDir: dir });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A port whose release server has 2.0.0, downloaded at once. */
function releasedPort(): UpdaterPort & { installs: number } {
  const listeners = new Set<(event: UpdaterEvent) => void>();
  const emit = (event: UpdaterEvent) => listeners.forEach((listener) => listener(event));
  return {
    installs: 0,
    async checkForUpdates() {
      emit({ type: 'available', version: '2.0.0' });
      return true;
    },
    async downloadUpdate() {
      emit({ type: 'downloaded', version: '2.0.0' });
    },
    setInstallOnQuit() {},
    quitAndInstall() {
      this.installs++;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('updates:status', () => {
  it('answers disabled (no updater) where there is none: this surface, the CLI’s, and the browser host', async () => {
    expect(await surface.call('updates:status', {})).toEqual({ ok: true, value: { state: 'disabled', reason: 'no-updater' } });
    expect(await createSurface(ctx, { localFiles: true }).call('updates:status', {})).toEqual({ ok: true, value: { state: 'disabled', reason: 'no-updater' } });
    expect(await surface.call('updates:restart', {})).toEqual({
      ok: true,
      value: { outcome: 'not-ready', state: { state: 'disabled', reason: 'no-updater' } },
    });

    const host = await startBrowserHost(ctx, { rendererDir: dir });
    try {
      const token = new URL(host.url).searchParams.get('token') ?? '';
      const res = await fetch(`http://127.0.0.1:${host.port}/api/call/updates:status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: '{}',
      });
      expect(await res.json()).toEqual({ ok: true, value: { state: 'disabled', reason: 'no-updater' } });
    } finally {
      await host.close();
    }
  });

  it('answers the reason an updater is off, as a stable code: Linux without a release key', async () => {
    const controller = createUpdateController({
      updateUrl: 'https://updates.example.com/',
      packaged: true,
      loadPort: async () => ({ disabled: 'no-update-key' }),
      busy: () => false,
    });
    ctx.updates = controller;
    try {
      await controller.start();
      expect(await surface.call('updates:status', {})).toEqual({ ok: true, value: { state: 'disabled', reason: 'no-update-key' } });
      expect(await surface.call('updates:restart', {})).toEqual({
        ok: true,
        value: { outcome: 'not-ready', state: { state: 'disabled', reason: 'no-update-key' } },
      });
    } finally {
      ctx.updates = null;
    }
  });

  it('takes no input but an object', async () => {
    expect(await surface.call('updates:status', 'now')).toMatchObject({ ok: false, error: { code: 'input.invalid' } });
  });

  it('answers the updater’s state, and restarting waits for the uploads and for corrections being written', async () => {
    const port = releasedPort();
    const controller = createUpdateController({
      updateUrl: 'https://updates.example.com/',
      packaged: true,
      loadPort: async () => port,
      busy: () => restartHeldBack(ctx),
    });
    ctx.updates = controller;
    try {
      await controller.start();
      expect(await surface.call('updates:status', {})).toEqual({ ok: true, value: { state: 'ready', version: '2.0.0' } });

      // A real tracked upload (the key sync:upload runs under) holds the restart back.
      let finish = () => {};
      const upload = ctx.track(uploadWork(7), () => new Promise<void>((resolve) => (finish = resolve)));
      expect(await surface.call('updates:restart', {})).toEqual({ ok: true, value: { outcome: 'busy', state: { state: 'ready', version: '2.0.0' } } });
      expect(port.installs).toBe(0);
      finish();
      await upload;
      // So does a corrected report being written into a batch, a part at a time.
      const corrections = ctx.track(correctionsWork(7), () => new Promise<void>((resolve) => (finish = resolve)));
      expect(await surface.call('updates:restart', {})).toMatchObject({ ok: true, value: { outcome: 'busy' } });
      finish();
      await corrections;
      expect(await surface.call('updates:restart', {})).toMatchObject({ ok: true, value: { outcome: 'restarting' } });
      expect(port.installs).toBe(1);
    } finally {
      controller.stop();
      ctx.updates = null;
    }
  });
});
