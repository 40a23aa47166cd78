// Writing a bench's big text file: its pieces gathered a megabyte at a time and written with back
// pressure, so a gigabyte file is never a string in memory.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export async function writeText(file: string, pieces: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  let text = '';
  for (const piece of pieces) {
    text += piece;
    if (text.length <= 1 << 20) continue;
    if (!out.write(text)) await once(out, 'drain');
    text = '';
  }
  out.end(text);
  await once(out, 'finish');
}
