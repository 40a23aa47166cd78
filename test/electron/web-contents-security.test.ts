// Every web contents refuses navigation, new windows and webviews, and every permission, whether a
// page requests it or only checks it.
import type { WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { hardenWebContents } from '../../src-main/electron/web-contents-security';

type Listener = (event: { preventDefault(): void }) => void;

/** Records what hardenWebContents installs, so each guard can be exercised as Electron would. */
function fakeContents() {
  const listeners = new Map<string, Listener>();
  const installed: {
    windowOpen?: (details: { url: string }) => { action: string };
    request?: (contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
    check?: (contents: unknown, permission: string, origin: string, details: unknown) => boolean;
    device?: (details: unknown) => boolean;
  } = {};
  const contents = {
    on(event: string, listener: Listener) {
      listeners.set(event, listener);
      return contents;
    },
    setWindowOpenHandler(handler: NonNullable<typeof installed.windowOpen>) {
      installed.windowOpen = handler;
    },
    session: {
      setPermissionRequestHandler(handler: NonNullable<typeof installed.request>) {
        installed.request = handler;
      },
      setPermissionCheckHandler(handler: NonNullable<typeof installed.check>) {
        installed.check = handler;
      },
      setDevicePermissionHandler(handler: NonNullable<typeof installed.device>) {
        installed.device = handler;
      },
    },
  };
  const opened: string[] = [];
  hardenWebContents(contents as unknown as WebContents, async (url) => {
    opened.push(url);
  });
  const prevented = (event: string) => {
    let stopped = false;
    listeners.get(event)?.({ preventDefault: () => (stopped = true) });
    return stopped;
  };
  return { installed, opened, prevented };
}

describe('hardenWebContents', () => {
  it('refuses navigation, redirects and webviews', () => {
    const { prevented } = fakeContents();
    expect(prevented('will-navigate')).toBe(true);
    expect(prevented('will-redirect')).toBe(true);
    expect(prevented('will-attach-webview')).toBe(true);
  });

  it('opens no window: http(s) links go to the browser, anything else nowhere', () => {
    const { installed, opened } = fakeContents();
    expect(installed.windowOpen?.({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(installed.windowOpen?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(installed.windowOpen?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/help']);
  });

  it('denies permission requests', () => {
    const { installed } = fakeContents();
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read'])
      installed.request?.({}, permission, (granted) => answers.push(granted), {});
    expect(answers).toEqual([false, false, false, false]);
  });

  it('denies permission checks and device access too, which Electron grants by default', () => {
    const { installed } = fakeContents();
    expect(installed.check).toBeTypeOf('function');
    for (const permission of ['media', 'clipboard-sanitized-write', 'hid', 'serial', 'usb'])
      expect(installed.check?.({}, permission, 'app://casedesk', {})).toBe(false);
    expect(installed.device).toBeTypeOf('function');
    expect(installed.device?.({ deviceType: 'usb', origin: 'app://casedesk' })).toBe(false);
  });
});
