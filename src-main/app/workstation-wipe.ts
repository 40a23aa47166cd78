// "Wipe this workstation": everything CaseDesk keeps in a data folder, and the data key. It needs no
// open store (a folder whose key is already lost can still be wiped), so the CLI runs it directly
// and the app context runs it between closing its store and opening a fresh one.
import { existsSync } from 'node:fs';
import { DataKeyError, forgetDataKey, keyFilesOf, readMarker, type DataKeyOptions } from '../keys/data-key';
import { dataFolderContents, removeDataFolderEntries } from '../store/data-folder';
import type { WipePlan } from './app-results';

/** What a wipe of `dataDir` would delete, and where its key is kept. */
export function wipePlan(dataDir: string, env: NodeJS.ProcessEnv = process.env): WipePlan {
  const { ours, others } = dataFolderContents(dataDir);
  return { dataDir, entries: ours, others, key: keyKeptIn(dataDir, env) };
}

function keyKeptIn(dataDir: string, env: NodeJS.ProcessEnv): WipePlan['key'] {
  if (env.CASEDESK_DB_KEY) return 'environment';
  try {
    return readMarker(dataDir)?.keptIn ?? 'none';
  } catch (err) {
    if (err instanceof DataKeyError) return 'none';
    throw err;
  }
}

export interface WipeOutcome extends WipePlan {
  /** False when the key is still where it was kept (a keychain that did not answer), or is the caller's (CASEDESK_DB_KEY). */
  keyForgotten: boolean;
}

/**
 * Forgets the key first (what is left of an interrupted wipe is then unreadable), then removes
 * CaseDesk's entries from the folder, the store's file last. Entries that are not CaseDesk's stay.
 */
export function wipeDataFolder(dataDir: string, keyOptions: DataKeyOptions): WipeOutcome {
  const env = keyOptions.env ?? process.env;
  const plan = wipePlan(dataDir, env);
  let id: string | null = null;
  try {
    id = readMarker(dataDir)?.id ?? null;
    forgetDataKey(dataDir, keyOptions);
  } catch (err) {
    // A damaged marker names no key to forget; the folder still goes.
    if (!(err instanceof DataKeyError)) throw err;
  }
  removeDataFolderEntries(dataDir);
  const stillKept = id !== null && (keyOptions.keychain.get(id) !== null || keyFilesOf(keyOptions, id).some((file) => existsSync(file)));
  return { ...plan, keyForgotten: plan.key !== 'environment' && !stillKept };
}
