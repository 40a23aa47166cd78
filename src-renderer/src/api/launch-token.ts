// The browser host's launch token, held by the page and never by a cookie (cookies are shared by every
// port of 127.0.0.1; sessionStorage belongs to this exact origin and this tab). The printed address
// brings it once as `?token=`; it is kept for reloads and taken out of the address bar at once.

const STORAGE_KEY = 'casedesk.launchToken';
// newLaunchToken() makes 43 base64url characters; anything else in the address is not ours.
const TOKEN_SHAPE = /^[\w-]{43}$/;

/** The parts of `window` this needs, so tests can hand in their own. */
export interface PageEnvironment {
  location: { href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url: string): void };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * Takes the token out of the address (keeping it in sessionStorage) and answers the token this page
 * holds, or null. Call it before the router reads the address: hash history keeps the query it
 * finds as its base and would put the token back into every later URL.
 */
export function adoptLaunchToken(page: PageEnvironment): string | null {
  const url = new URL(page.location.href);
  const given = url.searchParams.get('token');
  let held: string | null = null;
  if (given !== null) {
    url.searchParams.delete('token');
    page.history.replaceState(page.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (TOKEN_SHAPE.test(given)) {
      held = given;
      try {
        page.sessionStorage.setItem(STORAGE_KEY, given);
      } catch {
        // Storage refused (a private mode's quota): the token still works until a reload.
      }
    }
  }
  if (held !== null) return held;
  try {
    const kept = page.sessionStorage.getItem(STORAGE_KEY);
    return kept !== null && TOKEN_SHAPE.test(kept) ? kept : null;
  } catch {
    return null;
  }
}

let adopted: { token: string | null } | null = null;

/** The page's token, adopted from `window` once. */
export function launchToken(): string | null {
  adopted ??= { token: typeof window === 'undefined' ? null : adoptLaunchToken(window) };
  return adopted.token;
}
