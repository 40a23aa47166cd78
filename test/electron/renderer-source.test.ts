// The window loads the dev server only while developing; a packaged app ignores ELECTRON_RENDERER_URL.
import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../src-main/electron/app-protocol';
import { rendererSource } from '../../src-main/electron/renderer-source';

const dev = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };

describe('rendererSource', () => {
  it('loads app://casedesk in a packaged build, whatever the environment says', () => {
    expect(rendererSource(dev, true)).toEqual({ startUrl: 'app://casedesk/index.html', devOrigin: null });
    expect(rendererSource({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, true)).toEqual({ startUrl: 'app://casedesk/index.html', devOrigin: null });
  });

  it('loads the dev server while developing', () => {
    expect(rendererSource(dev, false)).toEqual({ startUrl: 'http://localhost:5173', devOrigin: 'http://localhost:5173' });
    expect(rendererSource({}, false)).toEqual({ startUrl: 'app://casedesk/index.html', devOrigin: null });
  });

  it.each(['https://evil.example/', 'file:///tmp/page.html', 'http://localhost.evil.example:5173/', 'not a url', ''])(
    'takes no dev server from %s, even unpackaged',
    (url) => {
      expect(rendererSource({ ELECTRON_RENDERER_URL: url }, false).devOrigin).toBeNull();
    },
  );
});

describe('isTrustedSender with the dev server', () => {
  it('answers the dev server only when not packaged', () => {
    expect(isTrustedSender('http://localhost:5173/#/batches', true, rendererSource(dev, false))).toBe(true);
    expect(isTrustedSender('http://localhost:5173/#/batches', true, rendererSource(dev, true))).toBe(false);
    expect(isTrustedSender('app://casedesk/index.html', true, rendererSource(dev, true))).toBe(true);
  });

  it('matches the dev origin exactly, not as a prefix', () => {
    expect(isTrustedSender('http://localhost:51730/', true, rendererSource(dev, false))).toBe(false);
    expect(isTrustedSender('http://localhost:5173/', false, rendererSource(dev, false))).toBe(false);
  });
});
