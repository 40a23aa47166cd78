// A picked file too big for the page to hand over (one base64 string) is refused before it is read,
// by a code that names the limit and the way that takes it (the CLI).
import { describe, expect, it } from 'vitest';
import { PICKED_FILE_MB, receiveFile } from '../../../src-renderer/src/composables/picked-files';
import { i18n } from '../../../src-renderer/src/i18n';

describe('a picked file', () => {
  it('past what the page can hand over is refused without reading it', async () => {
    i18n.global.locale.value = 'en';
    const huge = { name: 'cartera.csv', size: PICKED_FILE_MB * 1024 ** 2 + 1, arrayBuffer: () => Promise.reject(new Error('read')) } as unknown as File;
    const err = await receiveFile(huge).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'file.too_large_to_pick', params: { file: 'cartera.csv', limitMb: 383 } });
    expect((err as Error).message).toMatch(/casedesk prepare/);
  });
});
