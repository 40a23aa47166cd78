// The app:// protocol never serves a file outside the renderer; IPC answers only our own page.
import { describe, expect, it } from 'vitest';
import { isTrustedSender, resolveAppPath } from '../../src-main/electron/app-protocol';

describe('resolveAppPath', () => {
  const root = '/opt/casedesk/renderer';

  it('serves files under the renderer root, index.html for /', () => {
    expect(resolveAppPath(root, 'app://casedesk/')).toBe('/opt/casedesk/renderer/index.html');
    expect(resolveAppPath(root, 'app://casedesk/assets/index.js')).toBe('/opt/casedesk/renderer/assets/index.js');
  });

  it.each([
    'app://casedesk/assets/..%2f..%2f..%2fetc%2fpasswd',
    'app://casedesk/..%5c..%5cwindows',
    'app://other/index.html',
    'file:///etc/passwd',
    'app://casedesk/a%00b',
  ])('refuses %s', (url) => {
    expect(resolveAppPath(root, url)).toBeNull();
  });

  it.each(['app://casedesk/../secrets', 'app://casedesk/%2e%2e/%2e%2e/etc/passwd'])('keeps %s inside the root (URL parsing folds the dots first)', (url) => {
    expect(resolveAppPath(root, url)?.startsWith(`${root}/`)).toBe(true);
  });
});

describe('isTrustedSender', () => {
  const packaged = { devOrigin: null };

  it('trusts only our main frame', () => {
    expect(isTrustedSender('app://casedesk/index.html', true, packaged)).toBe(true);
    expect(isTrustedSender('app://casedesk/index.html', false, packaged)).toBe(false);
    expect(isTrustedSender('https://evil.example/', true, packaged)).toBe(false);
    expect(isTrustedSender(undefined, true, packaged)).toBe(false);
    expect(isTrustedSender('http://localhost:5173/', true, packaged)).toBe(false);
    expect(isTrustedSender('http://localhost:5173/', true, { devOrigin: 'http://localhost:5173' })).toBe(true);
  });
});
