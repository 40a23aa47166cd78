// Whether app-update.yml names the publisher a Windows update must be signed by.
import { describe, expect, it } from 'vitest';
import { namesPublisher } from '../../src-main/updates/update-config';

describe('namesPublisher', () => {
  it('finds a publisher as a list or a single value', () => {
    expect(namesPublisher('provider: generic\npublisherName:\n  - Estudio Ejemplo S.A.\nupdaterCacheDirName: x\n')).toBe(true);
    expect(namesPublisher('publisherName:\r\n  - "CN=Estudio"\r\n  - Other\r\n')).toBe(true);
    expect(namesPublisher("publisherName: 'Estudio Ejemplo'\n")).toBe(true);
  });

  it('finds none where the key is missing, empty or null, or not at the top level', () => {
    expect(namesPublisher('')).toBe(false);
    expect(namesPublisher('provider: generic\nurl: https://updates.invalid/\nupdaterCacheDirName: x\n')).toBe(false);
    expect(namesPublisher('publisherName:\nupdaterCacheDirName: x\n')).toBe(false);
    expect(namesPublisher('publisherName: null\n')).toBe(false);
    expect(namesPublisher('publisherName: ~ # none\n')).toBe(false);
    expect(namesPublisher('publisherName: []\n')).toBe(false);
    expect(namesPublisher('publisherName:\n  - ""\n')).toBe(false);
    expect(namesPublisher('requestHeaders:\n  publisherName: Estudio\n')).toBe(false);
  });
});
