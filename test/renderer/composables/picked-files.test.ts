// A picked file reaches the surface in one call up to 8 MB, and in parts past it, each read from the
// file when it is sent: no string of the whole file is built, however big the file.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECEIVE_PART_BYTES } from '../../../src-main/domain/file-parts';
import { receiveFile } from '../../../src-renderer/src/composables/picked-files';
import { fakeSurface } from '../support/fake-surface';

afterEach(() => vi.restoreAllMocks());

const RECEIVED = { fileId: 'F'.repeat(43), name: 'cartera.csv', bytes: 0 };
const base64Of = (text: string) => Buffer.from(text).toString('base64');

describe('a picked file', () => {
  it('up to a part’s size goes in one call', async () => {
    const calls = fakeSurface({ 'files:receive': { ...RECEIVED, bytes: 7 } });
    expect(await receiveFile(new File(['a;b\n1;2'], 'cartera.csv'))).toEqual({ ...RECEIVED, bytes: 7 });
    expect(calls).toEqual([{ name: 'files:receive', input: { name: 'cartera.csv', base64: base64Of('a;b\n1;2') } }]);
  });

  it('past it goes in parts, in order, each read from the file as it is sent', async () => {
    const size = 2 * RECEIVE_PART_BYTES + 5;
    const text = 'x'.repeat(size - 5) + 'fin\n\n';
    const calls = fakeSurface({
      'files:receiveStart': { receiveId: 'R'.repeat(43) },
      'files:receivePart': ({ offset, base64 }) => ({ received: offset + Buffer.from(base64, 'base64').length }),
      'files:receiveEnd': { ...RECEIVED, bytes: size },
    });
    const file = new File([text], 'cartera.csv');
    const sliced = vi.spyOn(file, 'slice');
    expect(await receiveFile(file)).toEqual({ ...RECEIVED, bytes: size });
    expect(calls.map((c) => c.name)).toEqual(['files:receiveStart', 'files:receivePart', 'files:receivePart', 'files:receivePart', 'files:receiveEnd']);
    expect(calls[0]?.input).toEqual({ name: 'cartera.csv', bytes: size });
    const parts = calls.slice(1, 4).map((c) => c.input as { receiveId: string; offset: number; base64: string });
    expect(parts.map((p) => p.offset)).toEqual([0, RECEIVE_PART_BYTES, 2 * RECEIVE_PART_BYTES]);
    expect(parts.map((p) => Buffer.from(p.base64, 'base64').toString()).join('')).toBe(text);
    expect(sliced).toHaveBeenCalledTimes(3);
  });

  it('stops at a part the surface refuses, and says why', async () => {
    fakeSurface({
      'files:receiveStart': { receiveId: 'R'.repeat(43) },
      'files:receivePart': { failure: 'file.receive_broken', params: { file: 'cartera.csv', offset: 0, bytes: RECEIVE_PART_BYTES + 1 } },
    });
    const err = await receiveFile(new File(['y'.repeat(RECEIVE_PART_BYTES + 1)], 'cartera.csv')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'file.receive_broken', params: { file: 'cartera.csv' } });
  });
});
