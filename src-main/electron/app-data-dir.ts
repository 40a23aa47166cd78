// The app's data folder, in the CLI's order: the policy's data_dir, then CASEDESK_DATA_DIR, then the
// default both share (store/default-data-dir.ts), where a store an older version kept in userData (or
// the CLI's ~/.casedesk) is moved once. userData itself stays Chromium's profile. No Electron here:
// main.ts hands in what app.getPath says, so this is tested without Electron's binary.
import { useDefaultDataDir, type DataFolderChoice } from '../store/data-folder-move';
import { defaultDataDir, oldDefaultDataDirs } from '../store/default-data-dir';

export interface AppDataDirInput {
  /** The managed policy's data_dir, when it sets one. */
  policyDir: string | undefined;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** app.getPath('home') */
  home: string;
  /** app.getPath('userData'): the app's default data folder before this version. */
  userData: string;
}

export function appDataDir(input: AppDataDirInput): DataFolderChoice {
  const named = input.policyDir ?? (input.env.CASEDESK_DATA_DIR || undefined);
  if (named !== undefined) return { dataDir: named, notices: [] };
  const place = { platform: input.platform, env: input.env, home: input.home };
  const from = [...new Set([input.userData, ...oldDefaultDataDirs(place, 'app')])];
  return useDefaultDataDir({ to: defaultDataDir(place), from });
}
