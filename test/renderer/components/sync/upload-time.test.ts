// What the sync card says of a big upload's time before it starts: the requests and the waits between them.
import { expect, it } from 'vitest';
import { uploadTime } from '../../../../src-renderer/src/components/sync/upload-time';

const spec = { casesPerRequest: 1000, spacingMs: 1000 };

it('says the requests and the minutes their waits take for a million-case batch', () => {
  // 900 requests, 899 waits of a second: about 15 minutes.
  expect(uploadTime(899_716, spec)).toEqual({ requests: 900, minutes: 15 });
  expect(uploadTime(1_000_000, spec)).toEqual({ requests: 1000, minutes: 17 });
});

it('follows this machine’s settings: smaller requests, longer waits', () => {
  expect(uploadTime(100_000, { casesPerRequest: 500, spacingMs: 2000 })).toEqual({ requests: 200, minutes: 7 });
});

it('says nothing under two minutes, nor for nothing to upload or settings it cannot read', () => {
  expect(uploadTime(90_000, spec)).toBeNull();
  expect(uploadTime(120_000, spec)).toEqual({ requests: 120, minutes: 2 });
  expect(uploadTime(0, spec)).toBeNull();
  expect(uploadTime(500_000, { casesPerRequest: 0, spacingMs: 1000 })).toBeNull();
  expect(uploadTime(500_000, { casesPerRequest: 1000, spacingMs: Number.NaN })).toBeNull();
});
