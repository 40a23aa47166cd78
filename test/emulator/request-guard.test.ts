// The emulator's gate as pure functions: which Host values it answers, and which requests its fault
// controls refuse. Over HTTP: contract-guards.test.ts.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src-main/emulator';
import { allowedHosts, checkControlRequest, checkHost, parseHost } from '../../src-main/emulator/request-guard';

describe('parseHost', () => {
  it('reads names, ports and bracketed IPv6, and nothing else', () => {
    expect(parseHost('Example.test:8080')).toEqual({ name: 'example.test', port: 8080 });
    expect(parseHost('example.test')).toEqual({ name: 'example.test', port: 80 });
    expect(parseHost('[::1]:4000')).toEqual({ name: '::1', port: 4000 });
    for (const bad of ['', ':80', '::1', 'a:b', 'a:99999', 'a b', '[::1]x']) expect(parseHost(bad), bad).toBeNull();
  });
});

describe('allowedHosts', () => {
  it('adds the loopback names on loopback and on every interface, but not on another address', () => {
    expect([...allowedHosts('127.0.0.1', 4000)].sort()).toEqual(['127.0.0.1:4000', '::1:4000', 'localhost:4000']);
    expect([...allowedHosts('0.0.0.0', 4000)].sort()).toEqual(['127.0.0.1:4000', '::1:4000', 'localhost:4000']);
    expect([...allowedHosts('192.168.1.5', 4000)]).toEqual(['192.168.1.5:4000']);
  });

  it('takes extra names on its own port or with theirs, and refuses what is not a host name', () => {
    const allowed = allowedHosts('0.0.0.0', 4000, ['ci-runner', 'proxy.test:443']);
    expect(checkHost('ci-runner:4000', allowed)).toBeNull();
    expect(checkHost('proxy.test:443', allowed)).toBeNull();
    expect(checkHost('ci-runner:443', allowed)).toMatchObject({ status: 421 });
    expect(() => allowedHosts('127.0.0.1', 4000, ['not a name'])).toThrow(/not a host name/);
  });
});

describe('checkControlRequest', () => {
  const ok = { method: 'POST', headers: { 'content-type': 'application/json' }, peer: '127.0.0.1' };
  it('answers only this machine', () => {
    expect(checkControlRequest(ok)).toBeNull();
    expect(checkControlRequest({ ...ok, peer: '::ffff:127.0.0.1' })).toBeNull();
    expect(checkControlRequest({ ...ok, peer: '192.168.1.20' })).toMatchObject({ status: 403 });
  });
});

describe('an emulator on another address', () => {
  it('refuses a bad extra name before it listens', async () => {
    await expect(startEmulator({ tickMs: 0, allowedHosts: ['evil example'] })).rejects.toThrow(/not a host name/);
  });
});
