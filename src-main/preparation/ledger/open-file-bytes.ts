// A list's bytes read from a file descriptor the caller opened and checked (see app/regular-file.ts):
// never past the size it checked, so a file that grows meanwhile is not read further.
import { read } from 'node:fs';
import type { ListBytes } from './compile-shared-list';

export function openFileBytes(fd: number, name: string, size: number): ListBytes {
  return {
    name,
    size,
    read: (into, position) =>
      new Promise((resolve, reject) => {
        const length = Math.min(into.length, size - position);
        if (length <= 0) return resolve(0);
        read(fd, into, 0, length, position, (err, bytesRead) => (err ? reject(err) : resolve(bytesRead)));
      }),
  };
}
