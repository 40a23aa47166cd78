// Where the window's page comes from: our app:// origin, or (while developing, never in a packaged
// build) the dev server electron-vite names in ELECTRON_RENDERER_URL. An installed app that obeyed
// that variable would load, and answer IPC for, whatever page someone pointed it at.
import { APP_ORIGIN } from './app-protocol';

export interface RendererSource {
  /** What the window loads first. */
  startUrl: string;
  /** The dev server's origin, trusted like app://casedesk; null in a packaged build. */
  devOrigin: string | null;
}

/** Only a loopback http(s) server is a dev server; anything else is refused. */
function loopbackOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return null;
  return url.origin;
}

export function rendererSource(env: { ELECTRON_RENDERER_URL?: string | undefined }, isPackaged: boolean): RendererSource {
  const devUrl = env.ELECTRON_RENDERER_URL;
  const devOrigin = !isPackaged && devUrl ? loopbackOrigin(devUrl) : null;
  if (devOrigin === null || devUrl === undefined) return { startUrl: `${APP_ORIGIN}/index.html`, devOrigin: null };
  return { startUrl: devUrl, devOrigin };
}
