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
    ['http://api.example.com', /must use https/],
    ['http://192.168.1.10', /must use https/],
    ['ftp://example.com', /must use https/],
    ['api.example.com', /not a URL/],
    ['https://user:pw@example.com', /user name or password/],
    ['https://example.com/?token=x', /no query/],
  ])('refuses %s', (text, why) => {
    const result = checkBaseUrl(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(why);
  });
});

describe('DEMO_ACCOUNT', () => {
  it('is a user of the built-in demo seed', async () => {
    const { DEMO_ACCOUNT } = await import('../../src-main/domain/environments');
    const { loadSeed } = await import('../../src-main/emulator');
    expect(loadSeed().users).toContainEqual(expect.objectContaining(DEMO_ACCOUNT));
  });
});
