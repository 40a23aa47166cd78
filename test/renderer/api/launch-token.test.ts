// The page takes the browser host's token from the printed address once, keeps it for reloads in
// this tab's storage, and leaves no trace of it in the address bar.
import { describe, expect, it } from 'vitest';
import { adoptLaunchToken, type PageEnvironment } from '../../../src-renderer/src/api/launch-token';

const TOKEN = 'A'.repeat(20) + '-_' + 'b'.repeat(21);

function page(href: string, stored: Record<string, string> = {}): PageEnvironment & { stored: Record<string, string>; replaced: string[] } {
  const replaced: string[] = [];
  const location = { href };
  return {
    location,
    stored,
    replaced,
    history: {
      state: { kept: true },
      replaceState(_data, _unused, url) {
        replaced.push(url);
        location.href = new URL(url, location.href).href;
      },
    },
    sessionStorage: { getItem: (key) => stored[key] ?? null, setItem: (key, value) => void (stored[key] = value) },
  };
}

describe('adoptLaunchToken', () => {
  it('takes the token from the printed address, keeps it, and drops it from the address bar', () => {
    const launched = page(`http://127.0.0.1:4000/?token=${TOKEN}`);
    expect(adoptLaunchToken(launched)).toBe(TOKEN);
    expect(launched.location.href).toBe('http://127.0.0.1:4000/');
    expect(Object.values(launched.stored)).toEqual([TOKEN]);
  });

  it('keeps the rest of the address, the screen in the hash included', () => {
    const launched = page(`http://127.0.0.1:4000/?lang=es&token=${TOKEN}#/sync`);
    expect(adoptLaunchToken(launched)).toBe(TOKEN);
    expect(launched.replaced).toEqual(['/?lang=es#/sync']);
  });

  it('finds the kept token after a reload, when the address no longer has it', () => {
    const launched = page(`http://127.0.0.1:4000/?token=${TOKEN}`);
    adoptLaunchToken(launched);
    const reloaded = page('http://127.0.0.1:4000/#/bots', launched.stored);
    expect(adoptLaunchToken(reloaded)).toBe(TOKEN);
    expect(reloaded.replaced).toEqual([]);
  });

  it('lets a new launch replace the token of an earlier one', () => {
    const newer = 'Z'.repeat(43);
    const relaunched = page(`http://127.0.0.1:4000/?token=${newer}`, { 'casedesk.launchToken': TOKEN });
    expect(adoptLaunchToken(relaunched)).toBe(newer);
    expect(Object.values(relaunched.stored)).toEqual([newer]);
  });

  it('drops anything that is not shaped like a launch token, and has none without one', () => {
    const odd = page('http://127.0.0.1:4000/?token=%3Cscript%3E');
    expect(adoptLaunchToken(odd)).toBeNull();
    expect(odd.location.href).toBe('http://127.0.0.1:4000/');
    expect(odd.stored).toEqual({});
    expect(adoptLaunchToken(page('http://127.0.0.1:4000/'))).toBeNull();
  });

  it('still works for this page when storage refuses to keep it', () => {
    const launched = page(`http://127.0.0.1:4000/?token=${TOKEN}`);
    launched.sessionStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(adoptLaunchToken(launched)).toBe(TOKEN);
  });
});
