// Quitting the desktop app: Electron would end the process without waiting for the app's close, so
// the first quit is held until the close is done (or a time limit went by), then let through.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quitAfterClose } from '../../src-main/electron/quit-after-close';

/** Electron's app as far as quitting goes: a quit whose before-quit listeners may cancel it. */
function fakeApp() {
  const events = new EventEmitter();
  const app = {
    quits: 0,
    ended: false,
    on: (event: 'before-quit', listener: (event: { preventDefault(): void }) => void) => events.on(event, listener),
    quit() {
      app.quits += 1;
      let cancelled = false;
      events.emit('before-quit', { preventDefault: () => (cancelled = true) });
      if (!cancelled) app.ended = true;
    },
  };
  return app;
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('quitAfterClose', () => {
  it('holds the quit until the close is done, closes once however often quit is asked, then quits', async () => {
    const app = fakeApp();
    let closes = 0;
    let finish: () => void = () => undefined;
    quitAfterClose(app, () => {
      closes += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    app.quit();
    app.quit();
    await tick(20);
    expect(app.ended).toBe(false);
    expect(closes).toBe(1);
    finish();
    await tick();
    expect(app.ended).toBe(true);
  });

  it('quits after a close that failed, and after the time limit when the close never ends', async () => {
    const failing = fakeApp();
    quitAfterClose(failing, () => Promise.reject(new Error('store busy')));
    failing.quit();
    await tick();
    expect(failing.ended).toBe(true);

    const stuck = fakeApp();
    quitAfterClose(stuck, () => new Promise<void>(() => undefined), 30);
    stuck.quit();
    await tick(10);
    expect(stuck.ended).toBe(false);
    await tick(60);
    expect(stuck.ended).toBe(true);
  });
});
