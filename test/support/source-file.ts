// A fixture file as preparation takes it (its bytes and its name, never its path), or handed over
// to the command surface the way the renderer does it.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { SourceFile } from '../../src-main/preparation/preparation-types';
import type { Surface } from '../../src-main/surface/surface';

/** Fresh bytes on every call: a worker takes them over. */
export function sourceFile(path: string): SourceFile {
  return { name: basename(path), bytes: new Uint8Array(readFileSync(path)) };
}

/** Hands a fixture over to a surface as the renderer does (files:receive) and gives back its file id. */
export async function handOver(surface: Surface, path: string): Promise<string> {
  const answer = await surface.call('files:receive', { name: basename(path), base64: readFileSync(path).toString('base64') });
  if (!answer.ok) throw new Error(`files:receive: ${answer.error.code} ${answer.error.message}`);
  return answer.value.fileId;
}
