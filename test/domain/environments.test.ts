import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from '../../src-main/domain/environments';

describe('checkBaseUrl', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['  https://api.example.com/v  ', 'https://api.example.com/v'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
  ])('accepts %s as %s', (text, url) => {
    expect(checkBaseUrl(text)).toEqual({ ok: true, url });
  });

  it.each([
    ['http://api.example.com', { code: 'url.not_https', params: { origin: 'http://api.example.com' } }],
    ['http://192.168.1.10', { code: 'url.not_https', params: { origin: 'http://192.168.1.10' } }],
    ['ftp://example.com', { code: 'url.not_https', params: { origin: 'ftp://example.com' } }],
    ['api.example.com', { code: 'url.not_a_url', params: { text: 'api.example.com' } }],
    ['https://user:pw@example.com', { code: 'url.has_credentials', params: {} }],
    ['https://example.com/?token=x', { code: 'url.has_query', params: {} }],
  ])('refuses %s with a code of the catalog', (text, failure) => {
    expect(checkBaseUrl(text)).toEqual({ ok: false, failure });
  });
});

describe('DEMO_ACCOUNT', () => {
  it('is a user of the built-in demo seed', async () => {
    const { DEMO_ACCOUNT } = await import('../../src-main/domain/environments');
    const { loadSeed } = await import('../../src-main/emulator');
    expect(loadSeed().users).toContainEqual(expect.objectContaining(DEMO_ACCOUNT));
  });
});
