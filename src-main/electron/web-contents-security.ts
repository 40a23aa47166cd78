// What every web contents of the app is allowed to do: nothing beyond showing our page. Navigation,
// redirects, new windows and webviews are refused; http(s) links open in the user's browser; and
// permissions are denied both when a page asks (requests) and when it only checks (permission
// queries, device access), so no feature is granted by Electron's permissive defaults.
import type { WebContents } from 'electron';

/** Hands a link to the user's browser (Electron's shell.openExternal in the app). */
export type OpenExternal = (url: string) => Promise<void>;

export function hardenWebContents(contents: WebContents, openExternal: OpenExternal): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//i.test(url)) void openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  });
  const { session } = contents;
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
