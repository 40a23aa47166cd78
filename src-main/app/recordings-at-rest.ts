// Recordings kept in the data folder are sealed with the data key (AES-256-GCM, bound to the call
// they are of); the agent's own folder (the CLI's --recordings DIR) gets the audio as it came.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordingSealer } from '../client';
import { fileKey, isSealed, seal, unseal } from '../keys/file-seal';
import { writePrivateFileAtomic } from '../store';
import type { AppParts } from './app-parts';

export const recordingsRoot = (ctx: Pick<AppParts, 'options'>) => join(ctx.options.dataDir, 'recordings');
export const recordingsDir = (ctx: Pick<AppParts, 'options'>, env: string) => join(recordingsRoot(ctx), env);

/** "outbound-12": the name a recording is sealed under, so a file moved to another call does not open as it. */
export const recordingName = (kind: 'outbound' | 'inbound', refId: number) => `${kind}-${refId}`;
const context = (name: string) => `recording ${name}`;

/** Read at each use: a wipe gives the context a new key. */
export function recordingSealer(ctx: Pick<AppParts, 'dataKey'>): RecordingSealer {
  return (audio, name) => seal(fileKey(ctx.dataKey.key), audio, context(name));
}

/** The audio of a stored recording, whether sealed here or written plain to the agent's own folder. */
export function readRecordingAudio(ctx: Pick<AppParts, 'dataKey'>, path: string, kind: 'outbound' | 'inbound', refId: number): Buffer {
  const bytes = readFileSync(path);
  return isSealed(bytes) ? unseal(fileKey(ctx.dataKey.key), bytes, context(recordingName(kind, refId))) : bytes;
}

/** Recordings an older CaseDesk wrote in the clear inside the data folder are sealed in place, once. */
export function sealPlainRecordings(ctx: Pick<AppParts, 'dataKey' | 'options'>): number {
  let sealed = 0;
  let envs: string[];
  try {
    envs = readdirSync(recordingsRoot(ctx));
  } catch {
    return 0;
  }
  for (const env of envs) {
    let files: string[];
    try {
      files = readdirSync(recordingsDir(ctx, env));
    } catch {
      continue;
    }
    for (const file of files) {
      const match = /^((?:outbound|inbound)-\d+)\.[a-z0-9]+$/.exec(file);
      if (!match?.[1]) continue;
      const path = join(recordingsDir(ctx, env), file);
      const bytes = readFileSync(path);
      if (isSealed(bytes)) continue;
      writePrivateFileAtomic(path, recordingSealer(ctx)(bytes, match[1]));
      sealed += 1;
    }
  }
  return sealed;
}
