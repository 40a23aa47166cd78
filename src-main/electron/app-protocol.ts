// The renderer is served from app://casedesk/… rather than file://, with a path-traversal guard.
import { isAbsolute, join, normalize, relative } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://casedesk';

/** The file under `root` that an app:// URL names, or null when it would leave `root`. */
export function resolveAppPath(root: string, url: string): string | null {
  let pathname: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== 'casedesk') return null;
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const target = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
  const rel = relative(root, target);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  return target;
}

/**
 * IPC is answered only for our own page, in the main frame: app://casedesk, or the dev server's
 * origin when `source` has one (never in a packaged build, see rendererSource).
 */
export function isTrustedSender(frameUrl: string | undefined, isMainFrame: boolean, source: { devOrigin: string | null }): boolean {
  if (!frameUrl || !isMainFrame) return false;
  if (frameUrl.startsWith(`${APP_ORIGIN}/`)) return true;
  if (source.devOrigin === null) return false;
  try {
    return new URL(frameUrl).origin === source.devOrigin;
  } catch {
    return false;
  }
}
